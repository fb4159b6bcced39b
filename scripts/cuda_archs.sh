# Sourced by demo.sh and test.sh: the CUDA architectures to build for, in
# cuda_archs. This machine's GPU when it has one; without a GPU the build is
# a compile check (the demo runs on the CPU), and one architecture (sm_90)
# checks as much as six (CMakeLists.txt's list for packagers, ~50 min on two
# cores). PLR_CUDA_ARCHS overrides.
if [ -n "${PLR_CUDA_ARCHS:-}" ]; then
  cuda_archs=$PLR_CUDA_ARCHS
elif command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; then
  cuda_archs=native
else
  cuda_archs=90-real
fi
