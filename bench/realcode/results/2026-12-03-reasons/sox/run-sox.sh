#!/bin/bash
# sox 14.4.2 (Debian's orig tarball, git 2019-04-27; the Debian patches' tarball is not on the mirror):
# built with clang-19 and with plr-cc, installed into a prefix each, `make installcheck` (src/tests.sh)
set -u
cd /tmp/rc-sox
for v in clang plr; do
  rm -rf sox-$v inst-$v; cp -a sox-14.4.2 sox-$v
  cc=clang-19; [ $v = plr ] && cc=/work/main/build-cpu/bin/plr-cc
  (cd sox-$v && ./configure CC=$cc --prefix=/tmp/rc-sox/inst-$v --without-magic --without-png --without-ladspa \
     --disable-openmp > ../configure-$v.log 2>&1; echo "configure rc $?")
  t0=$(date +%s.%N)
  if [ $v = plr ]; then
    (cd sox-$v && PLR_REMARKS=passed,missed make -j2 > ../build-$v.log 2>&1; echo "build rc $?")
  else
    (cd sox-$v && make -j2 > ../build-$v.log 2>&1; echo "build rc $?")
  fi
  t1=$(date +%s.%N); echo "$v build s: $(echo "$t1 - $t0" | bc)"
  (cd sox-$v && make install > ../install-$v.log 2>&1; echo "install rc $?")
  (cd sox-$v && make installcheck > ../check-$v.log 2>&1; echo "installcheck rc $?")
done
