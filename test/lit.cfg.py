# lit configuration for PLR. Test kinds:
#   test/runtime  - runtime library against exact / long double references
#   test/pass     - IR-level tests of libPLRPass.so through opt + FileCheck
#   test/e2e      - C programs compiled with the plugin, run, compared
#   test/cuda     - GPU tests; unsupported (skipped, with a note) without a GPU
import os
import shutil
import subprocess

import lit.formats

config.name = "PLR"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".ll", ".c", ".cpp"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt",
                   "reference.c", "reference.h"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.plr_test_bin)

tools = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join(
    [os.path.join(config.plr_obj_root, "bin"), config.plr_test_bin, tools,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("PLR_DEVICE", "PLR_THREADS", "PLR_VERBOSE"):
    config.environment.pop(var, None)
if config.sanitize:
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1"
    config.available_features.add("sanitize")
# ThreadSanitizer slows the runtime tests some 20x: their sweeps stop below
# 2^21 elements (every threaded path is still taken: 100003 spans many chunks)
if getattr(config, "tsan", False):
    config.environment["PLR_TEST_SMALL"] = "1"

lib = os.path.join(config.plr_obj_root, "lib")
config.substitutions.append(("%plr-libdir", lib))
config.substitutions.append(("%plr-src-root", config.plr_src_root))
config.substitutions.append(("%plr-obj-root", config.plr_obj_root))
config.substitutions.append(("%plr-include", os.path.join(config.plr_src_root, "include")))
config.substitutions.append(("%plr-pass", os.path.join(lib, "libPLRPass.so")))
config.substitutions.append(("%plr-pragma", os.path.join(lib, "libPLRPragma.so")))
config.substitutions.append(("%opt", os.path.join(tools, "opt")))
# (before %clang, which is a prefix of it)
config.substitutions.append(("%clangxx", os.path.join(tools, "clang++")))
config.substitutions.append(("%clang", os.path.join(tools, "clang")))
config.substitutions.append(("%FileCheck", os.path.join(tools, "FileCheck")))
config.substitutions.append(("%not", os.path.join(tools, "not")))
config.substitutions.append(("%runtime-test", os.path.join(config.plr_obj_root, "bin", "runtime-test")))
config.substitutions.append(("%layout-test", os.path.join(config.plr_obj_root, "bin", "layout-test")))
config.substitutions.append(("%store-test", os.path.join(config.plr_obj_root, "bin", "store-test")))
config.substitutions.append(("%plr", os.path.join(config.plr_obj_root, "bin", "plr")))

if config.pass_built:
    config.available_features.add("pass")
# clang -fuse-ld=lld looks next to itself first: an lld that reads LLVM 19 bitcode
if os.path.exists(os.path.join(tools, "ld.lld")):
    config.available_features.add("lld-19")
if config.cuda_built:
    config.available_features.add("cuda-built")


def gpu_present():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False, "nvidia-smi not found"
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
    except Exception as exc:  # a broken driver must not break the suite
        return False, "nvidia-smi failed: %s" % exc
    if out.returncode != 0 or "GPU" not in out.stdout:
        return False, "nvidia-smi lists no GPU"
    return True, out.stdout.strip().splitlines()[0]


has_gpu, why = gpu_present()
if has_gpu and config.cuda_built:
    config.available_features.add("cuda-device")
    lit_config.note("GPU tests enabled: " + why)
elif not config.cuda_built:
    lit_config.note("GPU tests skipped: libplr was built without CUDA")
else:
    lit_config.note("GPU tests skipped: no GPU on this machine (" + why + ")")
