#!/usr/bin/env python3
"""Differential fuzzer for recurrences held in another type than they are computed in
(docs/pass.md, "Mixed storage"): random kernels compiled with and without the plugin
(PLR_PASS_MIN_N=64), outputs and returned states compared bit for bit under auto,
PLR_DEVICE=cpu PLR_THREADS=3 and PLR_DEVICE=serial; a replaced loop must call libplr under
the forced devices. Kernels: an int or long state (order 1-3, FIR 1-3, small coefficients)
stored as char/short/int, with x held as char/short/int of either signedness; a double
state stored as float or double over float or double x (feedback +-1 and integer data, so
that every double is exact and bit for bit is the right comparison); the array form over
narrow x (y[i-j] reloaded in the state's own type); a short state C keeps in int; an int
or long state stored as float or double (rounded once); an output map across types (a
char/short/int/long state scaled or multiplied into float, double, short, int or long,
the state sometimes returned widened; a state wider than its output: a long or int state
shifted into int, short or char, or scaled into float, a double state into float). Prints DIFFERENT / NOT-CALLED / *-COMPILE-FAIL
with the kernel, then a tally.
usage: mixfuzz.py BUILD COUNT SEED   (MIXFUZZ_SHOW=1: print refused kernels too)"""
import os, random, subprocess, sys, tempfile

B = os.path.abspath(sys.argv[1]); COUNT = int(sys.argv[2]); SEED = int(sys.argv[3])
CLANG = os.environ.get("CLANG", "/usr/lib/llvm-19/bin/clang")
INTS = ["signed char", "unsigned char", "short", "unsigned short", "int"]
SIZES = {"signed char": 1, "unsigned char": 1, "short": 2, "unsigned short": 2, "int": 4, "long": 8, "float": 4,
         "double": 8}

def kernel(rng):
    fp = rng.random() < 0.35
    if fp:
        S = "double"; T = rng.choice(["float", "double"]); X = rng.choice(["float", "double"])
        bs = rng.choice([(1,), (-1,), (0, 1), (1, -1), (-1, -1), (0, -1)])
        a = [1] + [rng.choice([0, 1, -1]) for _ in range(rng.randint(0, 2))]
    else:
        S = rng.choice(["int", "long"])
        T = rng.choice(INTS + (["int"] if S == "long" else []))
        X = rng.choice(INTS if S == "int" else INTS + ["int"])
        k = rng.randint(1, 3)
        bs = tuple(rng.randint(-5, 5) for _ in range(k))
        if bs[-1] == 0: bs = bs[:-1] + (1,)
        a = [rng.choice([1, 2, -3, 7])] + [rng.randint(-4, 4) for _ in range(rng.randint(0, 2))]
    form = rng.choice(["state", "state", "reload", "reduced", "map", "map"]) if not fp else rng.choice(["state", "reload", "map"])
    if form == "reduced" and (T == "int" or S == "long"):
        form = "state"
    if form == "state" and not fp and rng.random() < 0.3:
        T = rng.choice(["float", "double"])  # an integer state stored as float: rounded once
    if form == "map" and fp:
        Q = "double"  # (a double state into float: wider than its output, in a buffer)
    elif form == "map":
        Q = rng.choice(INTS + ["long"])  # the state's type
        T = rng.choice([t for t in ("short", "int", "long", "float", "double") if SIZES[t] >= SIZES[Q]])
        narrower = [t for t in ("signed char", "short", "int", "float") if SIZES[t] < SIZES[Q]]
        if narrower and rng.random() < 0.35:
            T = rng.choice(narrower)  # a state wider than its output: in a buffer
    if form == "reload":
        T = S  # y is the state's own type; only x is narrower
    ret = rng.random() < 0.6
    k = len(bs); p = len(a) - 1
    lo = max(k, p)
    xs = " + ".join(f"({c}) * ({S})x[i - {m}]" for m, c in enumerate(a) if c) or "0"
    src = []
    if form == "state":
        decl = ", ".join(f"s{j} = ({S}){rng.randint(-9, 9)}" for j in range(1, k + 1))
        fb = " + ".join(f"({c}) * s{j}" for j, c in enumerate(bs, 1) if c) or "0"
        rot = " ".join(f"s{j} = s{j-1};" for j in range(k, 1, -1))
        body = f"{S} s = {xs} + {fb}; {rot} s1 = s; y[i] = ({T})s;"
        src.append(f"__attribute__((noinline)) {S} kern({T} *restrict y, const {X} *restrict x, int n) {{\n  {S} {decl};\n"
                   f"  for (int i = {lo}; i < n; i++) {{ {body} }}\n  return {'s1' if ret else '0'};\n}}\n")
    elif form == "reload":
        fb = " + ".join(f"({c}) * y[i - {j}]" for j, c in enumerate(bs, 1) if c) or "0"
        src.append(f"__attribute__((noinline)) {S} kern({T} *restrict y, const {X} *restrict x, int n) {{\n"
                   f"  for (int i = {lo}; i < n; i++) y[i] = {xs} + {fb};\n  return {'y[n - 1]' if ret else '0'};\n}}\n")
    elif form == "map":  # a Q state mapped into T
        decl = ", ".join(f"s{j} = ({Q}){rng.randint(-9, 9)}" for j in range(1, k + 1))
        fb = " + ".join(f"({c}) * s{j}" for j, c in enumerate(bs, 1) if c) or "0"
        rot = " ".join(f"s{j} = s{j-1};" for j in range(k, 1, -1))
        if fp:  # (the state's values are integers: the map's rounding is the loop's)
            m = rng.choice(["s * 0.375", f"({T})s", "s * 0.5 + 1", "s / 3"])
        elif T in ("float", "double"):
            g = rng.choice(["0.37f", "1.0f / 128", "-3.5", "0.001"])
            m = rng.choice([f"s * {g}", f"({T})s", f"{g} * s + 1"])
        elif SIZES[T] < SIZES[Q]:  # (arithmetic right shifts: no overflow; the top bits dropped by the conversion)
            sh = rng.randint(2, 12)
            m = rng.choice([f"s >> {sh}", f"({T})s", f"(s >> {sh}) * 3"])
        elif SIZES[T] > 4 or (T == "int" and SIZES[Q] == 4):
            # (in the unsigned type of T's width: a signed overflow would be
            # undefined, and clang widens such arithmetic differently per loop)
            U = "unsigned long" if SIZES[T] > 4 else "unsigned"
            m = rng.choice([f"({U})s * 256u", f"({U})s * 3u + 1u", f"({T})s", f"0u - ({U})s"])
        else:  # (computed in int from at most 16 bits: no overflow)
            m = rng.choice(["s * 256", "s * 3 + 1", f"({T})s", "-s"])
        # returned: the state, the last output (a value of the map itself), or nothing
        back = rng.choice(["s1", "(" + S + ")last", "0"]) if ret else "0"
        body = f"{Q} s = ({Q})({xs} + {fb}); {rot} s1 = s; {T} o = ({T})({m}); y[i] = o; last = o;"
        src.append(f"__attribute__((noinline)) {S} kern({T} *restrict y, const {X} *restrict x, int n) {{\n  {Q} {decl};\n"
                   f"  {T} last = 0;\n"
                   f"  for (int i = {lo}; i < n; i++) {{ {body} }}\n  return {back};\n}}\n")
    else:  # a T state kept by clang in int, re-extended before each use
        decl = ", ".join(f"s{j} = ({T}){rng.randint(-9, 9)}" for j in range(1, k + 1))
        fb = " + ".join(f"({c}) * s{j}" for j, c in enumerate(bs, 1) if c) or "0"
        rot = " ".join(f"s{j} = s{j-1};" for j in range(k, 1, -1))
        body = f"{T} s = ({T})({xs} + {fb}); {rot} s1 = s; y[i] = s;"
        src.append(f"__attribute__((noinline)) {S} kern({T} *restrict y, const {X} *restrict x, int n) {{\n  {T} {decl};\n"
                   f"  for (int i = {lo}; i < n; i++) {{ {body} }}\n  return {'s1' if ret else '0'};\n}}\n")
    n = rng.randint(200, 6000) | 1
    xgen = "(float)rnz(1000)" if X in ("float", "double") else f"({X})rnz(100000)"
    main = f"""
#include <stdio.h>
#include <stdint.h>
#include <string.h>
static uint64_t st = {rng.randint(1, 2**62)}ull;
static uint64_t rnd(void) {{ st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }}
static long rnz(long m) {{ long v; do v = (long)(rnd() % (uint64_t)(2 * m + 1)) - m; while (!v); return v; }}
static {X} x[{n}]; static {T} y[{n}];
int main(void) {{
  for (int i = 0; i < {n}; i++) x[i] = {xgen};
  for (int i = 0; i < {lo}; i++) y[i] = ({T})rnz(50);
  {S} r = kern(y, x, {n});
  unsigned long h = 0;
  for (int i = 0; i < {n}; i++) {{ unsigned long v = 0; memcpy(&v, &y[i], sizeof y[i]); h = h * 1000003u ^ v; }}
  unsigned long rv = 0; memcpy(&rv, &r, sizeof r);
  printf("%lx %lx\\n", h, rv);
  return 0;
}}
"""
    return "".join(src) + main, fp

def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)

rng = random.Random(SEED)
tally = {}
with tempfile.TemporaryDirectory() as d:
    for t in range(COUNT):
        src, fp = kernel(rng)
        c = os.path.join(d, "k.c"); open(c, "w").write(src)
        flags = ["-O2"] + (["-ffast-math"] if fp else [])
        r0 = run([CLANG] + flags + [c, "-o", d + "/ref"])
        if r0.returncode: print("REF-COMPILE-FAIL\n" + src + r0.stderr); continue
        env = dict(os.environ, PLR_PASS_MIN_N="64")
        r1 = run([CLANG] + flags + ["-fpass-plugin=" + B + "/lib/libPLRPass.so", "-Rpass=plr", "-Rpass-missed=plr", c,
                  "-L" + B + "/lib", "-lplr", "-Wl,-rpath," + B + "/lib", "-o", d + "/plr"], env)
        if r1.returncode: print("PLUGIN-COMPILE-FAIL\n" + src + r1.stderr); continue
        replaced = "remark: replaced" in r1.stderr
        ref = run([d + "/ref"]).stdout
        status = "ok-replaced" if replaced else "ok-refused"
        for dev in ({}, {"PLR_DEVICE": "cpu", "PLR_THREADS": "3"}, {"PLR_DEVICE": "serial"}):
            out = run([d + "/plr"], dict(os.environ, PLR_VERBOSE="1", **dev))
            if out.stdout != ref:
                status = "DIFFERENT"
                print("DIFFERENT", dev, ref, out.stdout, "\n" + src + r1.stderr)
                break
            if replaced and "plr: (" not in out.stderr and dev:
                status = "NOT-CALLED"; print("NOT-CALLED", dev, "\n" + src + r1.stderr + out.stderr); break
        if status == "ok-refused" and os.environ.get("MIXFUZZ_SHOW"):
            print("REFUSED\n" + src.split("#include")[0] + r1.stderr)
        if status == "ok-refused":
            why = [l for l in r1.stderr.splitlines() if "not replaced" in l]
            status += ":" + (why[0].split("not replaced:")[1][:60].strip() if why else "?")
        tally[status] = tally.get(status, 0) + 1
for k, v in sorted(tally.items()): print(f"{v:4d} {k}")
