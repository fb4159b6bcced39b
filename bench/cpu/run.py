#!/usr/bin/env python3
"""CPU benchmark: serial loop vs the cpu backend vs auto, in one run.

For every signature, the three devices are timed in rounds (serial, cpu, auto,
serial, cpu, auto, ...) so that machine noise hits them alike; each figure is
the median over rounds of the per-process median of --reps calls. Results are
ratios against the serial loop measured in the same run.

    bench/cpu/run.py [--build build] [--n 2^24] [--rounds 3] [--out bench/cpu/results]
Writes <out>/<host>-<date>.csv and .md.
"""
import argparse
import datetime
import os
import platform
import random
import statistics
import subprocess
import sys

TABLE1_INT = ["(1: 1)", "(1: 0, 1)", "(1: 0, 0, 1)", "(1: 2, -1)", "(1: 3, -3, 1)"]
TABLE1_FLOAT = ["(0.2: 0.8)", "(0.04: 1.6, -0.64)", "(0.008: 2.4, -1.92, 0.512)",
                "(0.9, -0.9: 0.8)", "(0.81, -1.62, 0.81: 1.6, -0.64)",
                "(0.73, -2.19, 2.19, -0.73: 2.4, -1.9, 0.5)"]


def stable_filter(k, seed):
    """(a0: b1..bk) with real poles drawn from [-0.5, 0.5]: prod (1 - r z^-1)."""
    rng = random.Random(seed)
    poly = [1.0]
    for _ in range(k):
        r = rng.uniform(-0.5, 0.5)
        poly = [c - r * (poly[i - 1] if i else 0.0) for i, c in enumerate(poly + [0.0])]
    b = [-c for c in poly[1:]]
    return "(0.5: " + ", ".join("%.9g" % v for v in b) + ")"


def cases():
    for s in TABLE1_INT:
        yield s, "i32", "table1"
    for s in TABLE1_FLOAT:
        yield s, "f32", "table1"
    for k in (4, 5, 6, 7, 8, 16, 32):
        yield stable_filter(k, 1000 + k), "f32", "order %d" % k
    for k in (4, 8, 16, 32):
        yield "(1: " + ", ".join(["0"] * (k - 1) + ["1"]) + ")", "i32", "%d-tuple sum" % k


def run_once(plr, sig, typ, n, device, reps):
    out = subprocess.run([plr, "run", "--sig", sig, "--type", typ, "--n", str(n), "--device", device,
                          "--reps", str(reps), "--csv"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("plr run failed for %s %s on %s:\n%s%s" % (sig, typ, device, out.stdout, out.stderr))
    f = out.stdout.strip().split(",")
    # sig may contain commas: count from the end
    seconds, cpu_seconds, threads, chosen = float(f[-5]), float(f[-4]), int(f[-6]), f[-7]
    return seconds, cpu_seconds, threads, chosen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--n", default=str(1 << 24))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results"))
    args = ap.parse_args()
    n = int(eval(args.n.replace("^", "**")))
    plr = os.path.join(args.build, "bin", "plr")
    host = platform.node() or "host"
    cpu = "unknown cpu"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    date = datetime.date.today().isoformat()
    cores = os.cpu_count()
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.join(args.out, "%s-%s" % (host.split(".")[0], date))
    rows = []
    for sig, typ, family in cases():
        times = {"serial": [], "cpu": [], "auto": [], "serial2": []}
        cpu_times = {"serial": [], "cpu": [], "auto": [], "serial2": []}
        chosen_auto, threads = None, 0
        for _ in range(args.rounds):
            # serial twice: the ratio of the two is the noise floor of this run
            for dev in ("serial", "cpu", "auto", "serial2"):
                t, ct, th, chosen = run_once(plr, sig, typ, n, dev.rstrip("2"), args.reps)
                times[dev].append(t)
                cpu_times[dev].append(ct)
                if dev == "auto":
                    chosen_auto = chosen
                if dev == "cpu":
                    threads = th
        med = {d: statistics.median(v) for d, v in times.items()}
        cmed = {d: statistics.median(v) for d, v in cpu_times.items()}
        row = dict(family=family, sig=sig, type=typ, n=n, threads=threads,
                   serial_s=med["serial"], cpu_s=med["cpu"], auto_s=med["auto"],
                   serial_geps=n / med["serial"] / 1e9, cpu_geps=n / med["cpu"] / 1e9,
                   cpu_speedup=med["serial"] / med["cpu"], auto_speedup=med["serial"] / med["auto"],
                   auto_choice=chosen_auto,
                   serial_cpu_s=cmed["serial"], cpu_cpu_s=cmed["cpu"],
                   serial_vs_itself=med["serial"] / med["serial2"],
                   spread_cpu=(max(times["cpu"]) - min(times["cpu"])) / med["cpu"])
        rows.append(row)
        print("%-14s %-6s %-60.60s serial %.3f  cpu %.3f G/s  cpu x%.2f  auto(%s) x%.2f" % (
            family, typ, sig, row["serial_geps"], row["cpu_geps"], row["cpu_speedup"],
            chosen_auto, row["auto_speedup"]), flush=True)
    cols = ["family", "sig", "type", "n", "threads", "serial_s", "cpu_s", "auto_s", "serial_geps",
            "cpu_geps", "cpu_speedup", "auto_speedup", "auto_choice", "spread_cpu", "serial_cpu_s",
            "cpu_cpu_s", "serial_vs_itself"]
    with open(stem + ".csv", "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join('"%s"' % r[c] if c == "sig" else
                             ("%.6g" % r[c] if isinstance(r[c], float) else str(r[c])) for c in cols) + "\n")
    with open(stem + ".md", "w") as f:
        f.write("# CPU backend vs the serial loop\n\n")
        f.write("Machine: %s, %s, %d cores. Date: %s. n = %d. Median over %d rounds of the median of %d "
                "calls; serial, cpu and auto interleaved in each round. Speedups are wall-clock ratios to "
                "the serial loop in the same run; the CSV also has the processor time of each call "
                "(serial_cpu_s, cpu_cpu_s: all threads together).\n\n" % (host, cpu, cores, date, n,
                                                                            args.rounds, args.reps))
        f.write("| family | type | signature | serial G/s | cpu G/s | cpu / serial | auto picks | auto / serial | serial / serial |\n")
        f.write("|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            sig = r["sig"] if len(r["sig"]) < 48 else r["sig"][:45] + "…)"
            f.write("| %s | %s | `%s` | %.3f | %.3f | %.2f | %s | %.2f | %.2f |\n" % (
                r["family"], r["type"], sig, r["serial_geps"], r["cpu_geps"], r["cpu_speedup"],
                r["auto_choice"], r["auto_speedup"], r["serial_vs_itself"]))
        worst_auto = min(r["auto_speedup"] for r in rows)
        noise = [abs(1 - r["serial_vs_itself"]) for r in rows]
        f.write("\nThe last column times the serial loop against itself in the same rounds: its distance "
                "from 1 (up to %.0f%% here) is the noise of this machine, and where auto picks the serial "
                "loop, auto / serial can differ from 1 by no more than that.\n" % (100 * max(noise)))
        order = lambda r: len(r["sig"].split(":")[1].split(","))
        filters = [r for r in rows if r["type"] == "f32" and order(r) >= 2]
        f.write("\nSlowest auto / serial: %.2f. Float filters of order >= 2, cpu / serial: min %.2f "
                "(%s).\n" % (worst_auto, min(r["cpu_speedup"] for r in filters),
                               min(filters, key=lambda r: r["cpu_speedup"])["family"]))
    print("wrote %s.csv and %s.md" % (stem, stem))


if __name__ == "__main__":
    main()
