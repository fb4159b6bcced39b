#!/usr/bin/env python3
"""Two runs' remark files compared location by location (file:line:col as the
compiler printed it): a loop replaced in one and not the other, a reason that
moved (the reason without its hint in brackets), or a replaced loop whose
remark changed (signature, type or plan). Used for docs/realcode.md's 2026-11-27 section.

usage: compare_remarks.py OLD.remarks.log NEW.remarks.log"""
import re, sys

R = re.compile(r"^(?P<loc>\S+?):(?P<line>\d+):(?P<col>\d+): remark: (?P<msg>.*?)\s*\[-Rpass(?P<kind>-missed)?=plr\]\s*$")
def reason(msg):
    if msg.startswith("floating-point recurrence"): return "float w/o consent"
    m = re.search(r"not replaced: (.*)", msg)
    r = m.group(1) if m else msg
    r = r.split(" (")[0].split(";")[0]
    return r.strip()
def load(p):
    out = {}
    for l in open(p, errors="replace"):
        m = R.match(l.rstrip("\n"))
        if not m: continue
        k = (m.group("loc"), int(m.group("line")), int(m.group("col")))
        kind = "missed" if m.group("kind") else "passed"
        prev = out.get(k)
        if prev is None or (prev[0] == "missed" and kind == "passed"):
            out[k] = (kind, m.group("msg"))
    return out
a, b = load(sys.argv[1]), load(sys.argv[2])
def short(v):
    return "REPLACED" if v[0] == "passed" else reason(v[1])
for k in sorted(set(a) | set(b)):
    va, vb = a.get(k), b.get(k)
    sa = short(va) if va else "(no remark)"
    sb = short(vb) if vb else "(no remark)"
    if sa == sb == "REPLACED" and va[1] != vb[1]:
        print(f"{k[0]}:{k[1]}:{k[2]} REPLACED, message changed\n   old: {va[1]}\n   new: {vb[1]}")
    if sa != sb:
        print(f"{k[0]}:{k[1]}:{k[2]}\n   old: {sa}\n   new: {sb}")
        if vb and vb[0] == "passed": print("   msg: " + vb[1])
