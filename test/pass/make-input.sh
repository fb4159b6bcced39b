#!/bin/sh
# Regenerates the input IR of a test in this directory: the function as the
# plugin sees it at the vectorizer-start extension point of clang -O2 (that is,
# just before LoopVectorize), or, with PHASE=final, after the whole -O2
# pipeline without vectorization or unrolling (loads of y[i-1] then carried
# in phis by LoopLoadElimination), or, with PHASE=before-plr and PLR_PASS set to
# libPLRPass.so, exactly as the plugin's pass receives it (the vectorizer-start
# dump comes after the LoopSimplify that follows the pass, which can hide a
# loop out of simplified form).
#   make-input.sh file.c function [clang flags...] > body.ll
set -eu
src=$1 fn=$2
shift 2
CLANG=${CLANG:-/usr/lib/llvm-19/bin/clang}
if [ "${PHASE:-vectorizer-start}" = before-plr ]; then
  "$CLANG" -O2 -fno-discard-value-names -g0 -S -emit-llvm -o /dev/null -fpass-plugin="$PLR_PASS" \
    -mllvm -print-before-all -mllvm -print-module-scope -mllvm -filter-print-funcs="$fn" "$@" "$src" 2>&1 |
    awk -v fn="$fn" '$0 == "; *** IR Dump Before plr on " fn " ***" { seen = 1; next } /^; \*\*\* IR Dump/ { if (seen) exit } seen' |
    sed -e '/^!llvm.ident/d' -e '/^!llvm.module.flags/d' -e '/^source_filename/d' -e '/^target /d' -e '/^; ModuleID/d'
elif [ "${PHASE:-vectorizer-start}" = final ]; then
  "$CLANG" -O2 -fno-vectorize -fno-unroll-loops -fno-discard-value-names -g0 -S -emit-llvm -o - "$@" "$src" |
    sed -e '/^!llvm.ident/d' -e '/^!llvm.module.flags/d' -e '/^source_filename/d' -e '/^target /d' -e '/^; ModuleID/d'
else
  "$CLANG" -O2 -fno-discard-value-names -g0 -S -emit-llvm -o /dev/null -mllvm -print-before=loop-vectorize \
    -mllvm -print-module-scope -mllvm -filter-print-funcs="$fn" "$@" "$src" 2>&1 |
    awk '/^; \*\*\* IR Dump Before LoopVectorizePass/ { if (seen) exit; seen = 1; next } seen' |
    sed -e '/^!llvm.ident/d' -e '/^!llvm.module.flags/d' -e '/^source_filename/d' -e '/^target /d' -e '/^; ModuleID/d'
fi
