#!/bin/sh
# errno across the library's calls on a machine with a GPU (runtime-test
# errno: threads, the GPU probed and used on host arrays, a failed call):
# the library before its calls kept errno (old) and after (new).
for v in old new; do
python3 -c "import lzma,shutil; shutil.copyfileobj(lzma.open('.carry/$v/libplr.so.0.xz'), open('.carry/$v/libplr.so.0','wb'))"
echo "== $v"; LD_LIBRARY_PATH=.carry/$v timeout 60 .carry/bin/runtime-test errno 2>&1 | tail -12
echo "== $v, PLR_DEVICE=cuda PLR_VERBOSE=1"; PLR_DEVICE=cuda PLR_VERBOSE=1 LD_LIBRARY_PATH=.carry/$v timeout 60 .carry/bin/runtime-test errno 2>&1 | tail -6
done
