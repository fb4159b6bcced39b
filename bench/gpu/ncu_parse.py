#!/usr/bin/env python3
"""Sums ncu's raw CSV metrics per plr-eval profile tag.
usage: ncu_parse.py RAW.csv TAGS.csv OUT.csv

RAW: `ncu --csv --page raw --log-file RAW ...`; TAGS: plr-eval's --tags file
(id,method,signature,type,k,n). A launch of plr_eval_marker with grid size
(g, 1, 1) starts tag g; every following kernel belongs to it, except the
fill kernels. OUT: one row per tag with the summed metrics, the kernel count
and the kernel names."""
import csv
import re
import sys


def num(s):
    s = (s or "").replace(",", "").strip()
    try:
        return float(s)
    except ValueError:
        return None


def main():
    raw, tags_path, out = sys.argv[1:4]
    lines = open(raw, errors="replace").read().splitlines()
    # the CSV starts at the header line ("ID",...); ncu may print ==PROF== lines first
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
    if start is None:
        sys.exit("ncu_parse: no CSV header in %s" % raw)
    rows = list(csv.reader(lines[start:]))
    head = rows[0]
    col = {h: i for i, h in enumerate(head)}
    metrics = [h for h in head if re.match(r"^[a-z0-9_]+__[a-z0-9_.]+$", h) and h != "launch__grid_size"]
    kcol = next((col[h] for h in ("Kernel Name", "Function Name", "Name", "Demangled Name") if h in col), None)
    if kcol is None:
        sys.exit("ncu_parse: no kernel name column in %s" % raw)
    tags = {int(r["id"]): r for r in csv.DictReader(open(tags_path))}
    per = {}
    cur = None
    for r in rows[1:]:
        if len(r) != len(head) or num(r[col["ID"]]) is None:
            continue  # the units row
        name = r[kcol]
        if "plr_eval_marker" in name:
            g = None
            if "launch__grid_size" in col:
                g = num(r[col["launch__grid_size"]])
            if g is None and "Grid Size" in col:
                m = re.match(r"\(?\s*(\d+)", r[col["Grid Size"]])
                g = float(m.group(1)) if m else None
            cur = int(g) if g else None
            continue
        if cur is None or "fill_kernel" in name:
            continue
        d = per.setdefault(cur, {"kernels": 0, "names": set(), **{m: 0.0 for m in metrics}})
        d["kernels"] += 1
        d["names"].add(re.sub(r"\(.*", "", name)[:60])
        for m in metrics:
            v = num(r[col[m]])
            if v is not None:
                d[m] += v
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "method", "signature", "type", "k", "n", "kernels"] + metrics + ["kernel_names"])
        for i in sorted(per):
            t = tags.get(i)
            if t is None or t["method"] in ("warmup", "end"):
                continue
            d = per[i]
            w.writerow([i, t["method"], t["signature"], t["type"], t["k"], t["n"], d["kernels"]] +
                       ["%.0f" % d[m] for m in metrics] + [" | ".join(sorted(d["names"]))])
    print("ncu_parse: %d tags, metrics %s -> %s" % (len([i for i in per if i in tags]), ",".join(metrics), out))


if __name__ == "__main__":
    main()
