#!/bin/sh
# Builds libplr variants that differ only in plr_k_scan.cu's compile-time
# switches, from build-gpu's objects: VARIANTS="name=-DSWITCH=V,-DOTHER=W ...".
# Output: .carry/var/NAME/libplr.so.0.xz and its ptxas log.
set -e
cd "$(dirname "$0")/../../../.."
B=build-gpu
CC=$(cd $B && ninja -t commands lib/libplr.so.0.1 | grep "plr_k_scan.cu.o" | grep nvcc)
LD=$(cd $B && ninja -t commands lib/libplr.so.0.1 | grep -- "-shared" | sed 's/^: && //; s/ && :$//')
for v in $VARIANTS; do
    name=${v%%=*}; defs=$(echo "${v#*=}" | tr , ' ')
    d=$PWD/.carry/var/$name; mkdir -p $d
    obj=$d/plr_k_scan.cu.o
    c=$(echo "$CC" | sed "s# -MD -MT [^ ]* -MF [^ ]*##; s#-o runtime/CMakeFiles/plr.dir/cuda/plr_k_scan.cu.o#-o $obj#")
    (cd $B && eval "$c $defs -Xptxas -v" 2> $d/ptxas.log)
    l=$(echo "$LD" | sed "s# runtime/CMakeFiles/plr.dir/cuda/plr_k_scan.cu.o # $obj #; s#-o lib/libplr.so.0.1#-o $d/libplr.so.0#")
    (cd $B && eval "$l")
    xz -T2 -6 -c $d/libplr.so.0 > $d/libplr.so.0.xz && rm $d/libplr.so.0 $obj
    echo "$name: $defs; $(grep -c spill $d/ptxas.log) ptxas lines with spill; $(grep -o '[0-9]* bytes spill stores' $d/ptxas.log | sort -u | tr '\n' ' ')"
done
