#!/usr/bin/env python3
"""Compare two POLYBENCH_DUMP_ARRAYS dumps numerically.

    compare.py A B [RTOL]   -> "same N values, max rel diff X" (exit 0) or "DIFFER ..." (exit 1)

A value pair agrees when |a-b| <= RTOL * max(|a|,|b|) or, since the dump
prints two decimals, |a-b| <= 0.011 (one unit of the last printed digit).
"""
import sys


def numbers(path):
    out = []
    for tok in open(path).read().split():
        try:
            out.append(float(tok))
        except ValueError:
            pass  # ==BEGIN DUMP_ARRAYS==, begin dump: imgOut, ...
    return out


a, b = numbers(sys.argv[1]), numbers(sys.argv[2])
rtol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-4
if len(a) != len(b) or not a:
    print(f"DIFFER: {len(a)} vs {len(b)} values")
    sys.exit(1)
bad = 0
worst_rel = worst_abs = 0.0
first = None
for i, (x, y) in enumerate(zip(a, b)):
    d = abs(x - y)
    m = max(abs(x), abs(y))
    worst_abs = max(worst_abs, d)
    if m >= 1:
        worst_rel = max(worst_rel, d / m)
    if d > rtol * m and d > 0.011:
        bad += 1
        if first is None:
            first = (i, x, y)
identical = sum(x == y for x, y in zip(a, b))
differing = len(a) - identical
if bad:
    print(f"DIFFER: {bad} of {len(a)} values, first at index {first[0]}: {first[1]} vs {first[2]}")
    sys.exit(1)
print(f"agree: {len(a)} values, {differing} not identical as printed, max |diff| {worst_abs:g}, "
      f"max rel diff {worst_rel:g} (values >= 1 in magnitude)")
