#!/usr/bin/env bash
# Installs what PLR needs on Debian 12, and only what is missing. Idempotent.
# The CUDA toolkit is optional: it is looked for in /usr/local/cuda.
set -euo pipefail

PACKAGES=(build-essential cmake ninja-build python3 llvm-19-dev clang-19 llvm-19-tools libclang-19-dev)
PACKAGES+=("$@")   # callers may ask for extras (e.g. csmith)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
  else
    SUDO=
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "setup: installed ${missing[*]}"
else
  echo "setup: all required packages are present"
fi

if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: CUDA toolkit found ($( (command -v nvcc || echo /usr/local/cuda/bin/nvcc) )): the cuda backend will be built"
else
  echo "setup: no CUDA toolkit in /usr/local/cuda: building a CPU-only PLR"
fi
