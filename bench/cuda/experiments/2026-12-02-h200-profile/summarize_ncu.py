#!/usr/bin/env python3
"""One line per profiled launch of an ncu --page details --csv export (plain or .xz):
the launch's time, DRAM and SM throughput, issue rate and slots, instructions
(warp-level; per element with --n N: x32 / N), registers and warps an SM.

  summarize_ncu.py details.csv[.xz] [--n ELEMENTS]
"""
import collections, csv, io, lzma, sys

path = sys.argv[1]
n = float(sys.argv[sys.argv.index("--n") + 1]) if "--n" in sys.argv else 0
text = lzma.open(path, "rt").read() if path.endswith(".xz") else open(path).read()
rows = list(csv.reader(io.StringIO(text)))
H = {h: i for i, h in enumerate(rows[0])}
by = collections.OrderedDict()
for r in rows[1:]:
    if len(r) > H["Metric Value"]:
        by.setdefault((r[H["ID"]], r[H["Kernel Name"]]), {})[r[H["Metric Name"]]] = r[H["Metric Value"]]
num = lambda v: float(v.replace(",", "")) if v else 0.0
print("id | kernel | us | DRAM % | SM % | IPC | issue % | cycles/issue | instr | per element | regs | warps/SM")
for (i, k), m in by.items():
    name = k.replace("plrk::", "").replace("scan::", "")[:70]
    ins = num(m.get("Executed Instructions"))
    per = "%.1f" % (ins * 32 / n) if n else "-"
    print(" | ".join([i, name, m.get("Duration", ""), m.get("DRAM Throughput", ""), m.get("Compute (SM) Throughput", ""),
                      m.get("Executed Ipc Active", ""), m.get("Issue Slots Busy", ""),
                      m.get("Warp Cycles Per Issued Instruction", ""), m.get("Executed Instructions", ""), per,
                      m.get("Registers Per Thread", ""), m.get("Achieved Active Warps Per SM", "")]))
