#!/usr/bin/env python3
"""Differential fuzzing of libPLRPass with generated recurrence kernels.

csmith rarely writes a loop the pass replaces; this generator writes nothing
else. Each program holds one random kernel (array form, rotated registers,
pointer walk, image rows or columns as a loop nest (forward or backward,
in place, with the output one row after the input), a column recurrence
written row by row (carried by the outer loop), 2-4 interleaved channels
with one signature (`chan`), a loop counting down, transposed direct form II
of order 1-4 (`tdf2`: states from zero or loaded from an array or a struct,
saved after the loop or not, forward or backward, in place or not; and `tdf2m`,
its states struct members updated in memory, promoted behind a run-time
check, also called with the struct inside its output or input; drawn for
one seed in ten (tdf2) and one in twenty (tdf2m) by a generator of their
own, so older seeds keep their kernels), and `tdf2n` over image rows or
columns (one seed in twenty),
direct form II with or without its state saved, cascades of
2-4 stages with FIR parts and their states saved or not, a second
accumulator beside the recurrence, ...; order 1-4, FIR length 1-4,
i32/u32/i64/u64/float/double,
constant or argument coefficients, history before the first index, final
state used after the loop) and a main() that runs it on separate arrays, in
place, on short inputs and on partially overlapping arrays (where the
versioned loop must fall back). The program is compiled at -O2 without and
with the plugin, both are run, and every printed value is compared: exactly
for integers, to a relative tolerance for floating point (-ffast-math, since
the runtime reassociates).

Odd seeds compile with PLR_PASS_MIN_N=0 (a user threshold: calls happen from
n = 64, no plr_pays query). Even seeds compile at the plugin's defaults, so
every replaced loop asks plr_pays first; their long calls run 65536-70472
elements (the default pre-filter would keep shorter ones off the call path),
and the plugin build runs twice: under PLR_DEVICE=cpu, where the answer must
be yes (PLR_VERBOSE is checked: "DECLINED-FORCED" otherwise), and under auto,
where the runtime may decline and the original loop runs. RECFUZZ_ASK=0|1
forces one mode for every seed.

  recfuzz.py BUILD_DIR COUNT [FIRST_SEED]   (prints a tally; exit 1 on a failure)
  RECFUZZ_FORM=cascade|chain|df2|fold|reduce|tmix|... restricts the kernels to one shape.
"""
import math
import os
import random
import subprocess
import sys
import tempfile

CLANG = os.environ.get("CLANG", "/usr/lib/llvm-19/bin/clang")
TYPES = {
    "int": ("i", "int"), "unsigned": ("u", "unsigned"), "long": ("i", "long"),
    "unsigned long": ("u", "unsigned long"), "float": ("f", "float"), "double": ("f", "double"),
}


def lit(v, T):
    return repr(v) + ("f" if T == "float" else "")


def coef(rng, kind, T, name, args, stable_budget):
    """A coefficient: a literal or a new argument with a value chosen now."""
    if kind == "f":
        v = round(rng.uniform(-stable_budget, stable_budget), 3)
    else:
        v = rng.choice([-3, -2, -1, 1, 1, 1, 2, 3, 5])
    if rng.random() < 0.35:
        args.append((name, v))
        return name
    return lit(v, T) if kind == "f" else str(v)


def asks(seed):
    """Whether this seed's plugin build keeps the plr_pays query (see above)."""
    force = os.environ.get("RECFUZZ_ASK")
    return force == "1" if force in ("0", "1") else seed % 2 == 0


def reg_body(ind, load, a, b, p, k, target):
    """One step of a recurrence kept in rotated registers: xn loaded, yn
    computed and stored to target, x1..xp and y1..yk shifted."""
    L = [ind + "T xn = %s;" % load]
    terms = ["%s * xn" % a[0]] + ["%s * x%d" % (a[m], m) for m in range(1, p + 1)]
    terms += ["%s * y%d" % (b[j - 1], j) for j in range(1, k + 1)]
    L.append(ind + "T yn = %s;" % " + ".join(terms))
    L += [ind + "x%d = x%d;" % (m, m - 1) for m in range(p, 1, -1)]
    L += [ind + "x1 = xn;"] if p >= 1 else []
    L += [ind + "y%d = y%d;" % (j, j - 1) for j in range(k, 1, -1)]
    L += [ind + "y1 = yn;", ind + "%s = yn;" % target]
    return L


def tdf2_body(ind, xv, b, a, k, neg, temps, target):
    """One step of a transposed direct form II of order k: v = b0*x + z1,
    z_j = b_j*x - a_j*v + z_{j+1}, z_k = b_k*x - a_k*v; with temps, every
    new state into a temporary first, then all assigned."""
    fb = lambda j: "%s * %s" % (b[j], xv)
    fa = lambda j: ("- %s * v" if neg else "+ %s * v") % a[j - 1]
    L = [ind + "T v = %s + z1;" % fb(0)]
    new = ["%s %s%s" % (fb(j), fa(j), " + z%d" % (j + 1) if j < k else "") for j in range(1, k + 1)]
    if temps:
        L += [ind + "T n%d = %s;" % (j, new[j - 1]) for j in range(1, k + 1)]
        L += [ind + "z%d = n%d;" % (j, j) for j in range(1, k + 1)]
    else:
        L += [ind + "z%d = %s;" % (j, new[j - 1]) for j in range(1, k + 1)]
    L.append(ind + "%s = v;" % target)
    return L


def gen(seed):
    rng = random.Random(seed)
    ask = asks(seed)
    T = rng.choice(list(TYPES))
    kind = TYPES[T][0]
    form = rng.choice(["array", "array", "regs", "walk", "df2", "tmix", "rows", "cond", "cascade", "chain", "reduce", "fold",
                       "nest", "back", "lanes", "chan"])
    # (drawn apart, so that older seeds keep their kernels)
    late = random.Random(seed * 7919 + 17).random()
    if late < 0.2:
        form = "tdf2" if late < 0.1 else "tdf2m" if late < 0.15 else "tdf2n"
    form = os.environ.get("RECFUZZ_FORM", form)  # to hammer one shape
    k = rng.randint(1, 4) if form != "walk" else 1
    p = rng.randint(0, 3) if form != "walk" else 0
    args = []
    a = [coef(rng, kind, T, "a%d" % m, args, 1.0) for m in range(p + 1)]
    b = [coef(rng, kind, T, "b%d" % j, args, 0.9 / k) for j in range(1, k + 1)]
    if kind != "f" and k >= 2 and form != "walk" and rng.random() < 0.3:
        b[rng.randrange(k - 1)] = "0"  # a zero tap inside the window
    live = rng.random() < 0.5
    inplace = form == "array" and p == 0 and rng.random() < 0.4
    start = rng.choice([0, k, k + 1]) if form == "array" else 0
    params = "".join(", %s %s" % (T, n) for n, _ in args)
    L = []
    L.append("#include <stdio.h>")
    L.append("typedef %s T;" % T)
    if form == "array":
        terms = ["%s * x[i - %d]" % (a[m], m) for m in range(p + 1)]
        terms += ["%s * y[i - %d]" % (b[j - 1], j) for j in range(1, k + 1)]
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n%s) {" % params)
        L.append("  T last = 0;")
        L.append("  for (long i = %d; i < n; i++) {" % start)
        L.append("    y[i] = %s;" % " + ".join(terms))
        if live:
            L.append("    last = y[i];")
        L.append("  }")
        L.append("  return last;")
        L.append("}")
    elif form == "regs":
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *s%s) {" % params)
        for j in range(1, k + 1):
            L.append("  T y%d = s[%d];" % (j, j - 1))
        for m in range(1, p + 1):
            L.append("  T x%d = s[%d];" % (m, k + m - 1))
        L.append("  for (long i = 0; i < n; i++) {")
        L += reg_body("    ", "x[i]", a, b, p, k, "y[i]")
        L.append("  }")
        if live:
            for j in range(1, k + 1):
                L.append("  s[%d] = y%d;" % (j - 1, j))
            for m in range(1, p + 1):
                L.append("  s[%d] = x%d;" % (k + m - 1, m))
        L.append("  return y1;")
        L.append("}")
    elif form == "tmix":
        # an input term that is not a FIR of one array: materialized
        t = rng.choice(["x[i] * x[i] + z[i - 1]", "x[i] + 3 * z[i] + 7", "(T)(i & 7) + x[i - 1] - z[i]",
                        "x[i] * z[i]"])
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, const T *z, long n%s) {" % params)
        L.append("  T last = 0;")
        L.append("  for (long i = %d; i < n; i++) {" % max(start, 1))
        L.append("    y[i] = %s + %s;" % (t, " + ".join("%s * y[i - %d]" % (b[j - 1], j) for j in range(1, k + 1))))
        if live:
            L.append("    last = y[i];")
        L.append("  }")
        L.append("  return last;")
        L.append("}")
    elif form == "cascade":
        # two stages in one loop; the first (u) is never stored
        k2 = rng.randint(1, 2)
        c = [coef(rng, kind, T, "c%d" % q, args, 1.0) for q in range(k + 1)]
        d = [coef(rng, kind, T, "d%d" % j, args, 0.9 / k2) for j in range(1, k2 + 1)]
        params = "".join(", %s %s" % (T, n) for n, _ in args)
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *s%s) {" % params)
        for j in range(1, k + 1):
            L.append("  T u%d = s[%d];" % (j, j - 1))
        for j in range(1, k2 + 1):
            L.append("  T v%d = s[%d];" % (j, k + j - 1))
        L.append("  for (long i = 0; i < n; i++) {")
        L.append("    T u = %s * x[i] + %s;" % (a[0], " + ".join("%s * u%d" % (b[j - 1], j) for j in range(1, k + 1))))
        L.append("    T v = %s + %s;" % (" + ".join(["%s * u" % c[0]] + ["%s * u%d" % (c[q], q) for q in range(1, k + 1)]),
                                          " + ".join("%s * v%d" % (d[j - 1], j) for j in range(1, k2 + 1))))
        for j in range(k, 1, -1):
            L.append("    u%d = u%d;" % (j, j - 1))
        L.append("    u1 = u;")
        for j in range(k2, 1, -1):
            L.append("    v%d = v%d;" % (j, j - 1))
        L.append("    v1 = v;")
        L.append("    y[i] = v;")
        L.append("  }")
        if live:
            for j in range(1, k + 1):
                L.append("  s[%d] = u%d;" % (j - 1, j))
            for j in range(1, k2 + 1):
                L.append("  s[%d] = v%d;" % (k + j - 1, j))
        L.append("  return v1;")
        L.append("}")
    elif form == "rows":
        # a recurrence along each row of an image: one call per row
        L.append("__attribute__((noinline)) T kern(T *img, const T *x, long w, long h%s) {" % params)
        L.append("  for (long r = 0; r < h; r++) {")
        L.append("    T *y = img + r * w; const T *xr = x + r * w;")
        L.append("    for (unsigned i = %d; i < (unsigned)w; i++)" % k)
        L.append("      y[i] = %s + %s;" % (" + ".join("%s * xr[i - %d]" % (a[m], m) for m in range(min(p, k) + 1)),
                                          " + ".join("%s * y[i - %d]" % (b[j - 1], j) for j in range(1, k + 1))))
        L.append("  }")
        L.append("  return img[w * h - 1];")
        L.append("}")
    elif form == "nest":
        # rows or columns of an image, each from a zero state, forward or
        # backward: the whole nest is one plr_run_many
        col, back = rng.random() < 0.5, rng.random() < 0.5
        outer, inner, olim, ilim = ("c", "r", "w", "h") if col else ("r", "c", "h", "w")
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long w, long h%s) {" % params)
        L.append("  for (long %s = 0; %s < %s; %s++) {" % (outer, outer, olim, outer))
        if rng.random() < 0.3:
            # the state started from the sequence's own first input (a
            # replicated boundary), scaled: read or computed per sequence
            fr = ("h - 1" if back else "0") if col else "r"
            fc = "c" if col else ("w - 1" if back else "0")
            first = "x[(%s) * w + (%s)]" % (fr, fc)
            init = first if kind != "f" else "%s * %s" % (first, lit(0.5, T))
            L.append("    T y1 = %s;" % init + "".join(" T y%d = y1;" % j for j in range(2, k + 1)) +
                     " ".join(" T x%d = 0;" % m for m in range(1, p + 1)))
        else:
            L.append("    " + " ".join("T y%d = 0;" % j for j in range(1, k + 1)) + " ".join(" T x%d = 0;" % m for m in range(1, p + 1)))
        if back:
            L.append("    for (long %s = %s - 1; %s >= 0; %s--) {" % (inner, ilim, inner, inner))
        else:
            L.append("    for (long %s = 0; %s < %s; %s++) {" % (inner, inner, ilim, inner))
        body = reg_body("      ", "x[r * w + c]", a, b, p, k, "y[r * w + c]")
        if rng.random() < 0.3:  # an output map of the state, applied after the call
            body[-1] = "      y[r * w + c] = %s * yn;" % ("3" if kind != "f" else lit(0.5, T))
        L += body
        L.append("    }")
        L.append("  }")
        L.append("  return y[w * h - 1];")
        L.append("}")
    elif form == "lanes":
        # the recurrence along the outer loop, the inner loop over lanes
        # (a column filter written row by row): one plr_run_many
        terms = ["%s * x[(i - %d) * w + j]" % (a[m], m) for m in range(p + 1)]
        terms += ["%s * y[(i - %d) * w + j]" % (b[j - 1], j) for j in range(1, k + 1)]
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long w, long h%s) {" % params)
        L.append("  for (long i = %d; i < h; i++)" % max(k, p))
        L.append("    for (long j = 0; j < w; j++)")
        L.append("      y[i * w + j] = %s;" % " + ".join(terms))
        L.append("  return y[w * h - 1];")
        L.append("}")
    elif form == "chan":
        # interleaved channels, each its own recurrence with one signature,
        # states in registers loaded from and saved to s[]: one plr_run_many
        C = 2 + seed % 3
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *s%s) {" % params)
        for c in range(C):
            L.append("  " + " ".join("T y%d_%d = s[%d];" % (c, j, c * k + j - 1) for j in range(1, k + 1)))
        L.append("  for (long i = 0; i < n; i++) {")
        for c in range(C):
            terms = ["%s * x[%d * i + %d]" % (a[0], C, c)]
            terms += ["%s * y%d_%d" % (b[j - 1], c, j) for j in range(1, k + 1)]
            L.append("    T v%d = %s;" % (c, " + ".join(terms)))
            L += ["    y%d_%d = y%d_%d;" % (c, j, c, j - 1) for j in range(k, 1, -1)]
            L.append("    y%d_1 = v%d;" % (c, c))
        for c in range(C):
            L.append("    y[%d * i + %d] = v%d;" % (C, c, c))
        L.append("  }")
        if live:
            for c in range(C):
                L += ["  s[%d] = y%d_%d;" % (c * k + j - 1, c, j) for j in range(1, k + 1)]
        L.append("  return y0_1;")
        L.append("}")
    elif form == "back":
        # a loop counting down, its history above the end
        terms = ["%s * x[i + %d]" % (a[m], m) for m in range(p + 1)]
        terms += ["%s * y[i + %d]" % (b[j - 1], j) for j in range(1, k + 1)]
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n%s) {" % params)
        L.append("  T last = 0;")
        L.append("  for (long i = n - 1 - %d; i >= 0; i--) {" % max(k, p))
        L.append("    y[i] = %s;" % " + ".join(terms))
        if live:
            L.append("    last = y[i];")
        L.append("  }")
        L.append("  return last;")
        L.append("}")
    elif form == "tdf2":
        # transposed direct form II of order k (k = 1: y = b0*x + z; z =
        # b1*x - a1*y): states from zero, loaded from an array or a struct
        # before the loop, saved after it or not; forward or backward; in
        # place (one pointer) or not; x[i] read once or in every term
        tb = [coef(rng, kind, T, "tb%d" % j, args, 1.0) for j in range(k + 1)]
        ta = [coef(rng, kind, T, "ta%d" % j, args, 0.9 / k) for j in range(1, k + 1)]
        if kind != "f" and rng.random() < 0.25:
            tb[rng.randrange(k + 1)] = "0"  # a zero tap; the first and the last too
        params = "".join(", %s %s" % (T, n) for n, _ in args)
        tstart = rng.choice(["zero", "array", "struct"])
        tsave = rng.random() < 0.5
        tback = rng.random() < 0.25
        tinplace = rng.random() < 0.3
        neg, temps = rng.random() < 0.6, rng.random() < 0.3
        xv = "xi" if rng.random() < 0.5 else ("y[i]" if tinplace else "x[i]")
        L.append("struct st { T z1, z2, z3, z4; };")
        sp = "struct st *s" if tstart == "struct" or (tsave and rng.random() < 0.5) else "T *s"
        acc = (lambda j: "s->z%d" % j) if sp.startswith("struct") else (lambda j: "s[%d]" % (j - 1))
        L.append("__attribute__((noinline)) T kern(T *y, %slong n, %s%s) {" % ("" if tinplace else "const T *x, ", sp, params))
        for j in range(1, k + 1):
            L.append("  T z%d = %s;" % (j, "0" if tstart == "zero" else acc(j)))
        L.append("  T last = 0;")
        L.append("  for (long i = n - 1; i >= 0; i--) {" if tback else "  for (long i = 0; i < n; i++) {")
        if xv == "xi":
            L.append("    T xi = %s;" % ("y[i]" if tinplace else "x[i]"))
        L += tdf2_body("    ", xv, tb, ta, k, neg, temps, "y[i]")
        if live:
            L.append("    last = v;")
        L.append("  }")
        if tsave:
            L += ["  %s = z%d;" % (acc(j), j) for j in range(1, k + 1)]
        L.append("  return %s;" % rng.choice(["last", "z1", "z%d" % k]))
        L.append("}")
    elif form == "tdf2m":
        # the same with its states struct members updated in memory (a
        # filter object's tick() inlined), numerator coefficients members
        # or not: promoted behind a run-time check; main() also hands it a
        # struct inside the output (the check must send it to the original)
        tb = [coef(rng, kind, T, "tb%d" % j, args, 1.0) for j in range(k + 1)]
        ta = [coef(rng, kind, T, "ta%d" % j, args, 0.9 / k) for j in range(1, k + 1)]
        if rng.random() < 0.4:
            tb = ["s->c[%d]" % j for j in range(k + 1)]
        params = "".join(", %s %s" % (T, n) for n, _ in args)
        tback = rng.random() < 0.25
        neg = rng.random() < 0.6
        L.append("struct st { T z1, z2, z3, z4; T c[8]; };")
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, struct st *s%s) {" % params)
        L.append("  for (long i = n - 1; i >= 0; i--) {" if tback else "  for (long i = 0; i < n; i++) {")
        L.append("    T xi = x[i];")
        L.append("    T v = %s * xi + s->z1;" % tb[0])
        for j in range(1, k + 1):
            L.append("    s->z%d = %s * xi %s%s;" % (j, tb[j], ("- %s * v" if neg else "+ %s * v") % ta[j - 1],
                                                   " + s->z%d" % (j + 1) if j < k else ""))
        L.append("    y[i] = v;")
        L.append("  }")
        L.append("  return s->z1;")
        L.append("}")
    elif form == "tdf2n":
        # transposed direct form II over the rows or columns of an image,
        # forward or backward, states from zero per sequence (one
        # plr_run_many for the nest) or loaded from s[] (each sequence
        # computes its first outputs: the inner loop alone is replaced)
        tb = [coef(rng, kind, T, "tb%d" % j, args, 1.0) for j in range(k + 1)]
        ta = [coef(rng, kind, T, "ta%d" % j, args, 0.9 / k) for j in range(1, k + 1)]
        params = "".join(", %s %s" % (T, n) for n, _ in args)
        col, back = rng.random() < 0.5, rng.random() < 0.4
        loaded = rng.random() < 0.25
        neg, temps = rng.random() < 0.6, rng.random() < 0.3
        outer, inner, olim, ilim = ("c", "r", "w", "h") if col else ("r", "c", "h", "w")
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long w, long h, T *s%s) {" % params)
        L.append("  for (long %s = 0; %s < %s; %s++) {" % (outer, outer, olim, outer))
        L.append("    " + " ".join("T z%d = %s;" % (j, "s[%d]" % (j - 1) if loaded else "0") for j in range(1, k + 1)))
        if back:
            L.append("    for (long %s = %s - 1; %s >= 0; %s--) {" % (inner, ilim, inner, inner))
        else:
            L.append("    for (long %s = 0; %s < %s; %s++) {" % (inner, inner, ilim, inner))
        L.append("      T xi = x[r * w + c];")
        L += tdf2_body("      ", "xi", tb, ta, k, neg, temps, "y[r * w + c]")
        L.append("    }")
        L.append("  }")
        L.append("  return y[w * h - 1];")
        L.append("}")
    elif form == "cond":
        # control flow inside the input term: materialized by the cloned loop
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n%s) {" % params)
        L.append("  for (long i = %d; i < n; i++) {" % max(k, 1))
        L.append("    T t = x[i];")
        L.append("    if (t < 0) t = -t / 2; else if (i % 3 == 0) t = t + 1;")
        L.append("    y[i] = t + %s;" % " + ".join("%s * y[i - %d]" % (b[j - 1], j) for j in range(1, k + 1)))
        L.append("  }")
        L.append("  return y[n - 1];")
        L.append("}")
    elif form == "df2":
        # direct form II: the stored value is a combination of the state w
        g = [coef(rng, kind, T, "g%d" % q, args, 1.0) for q in range(k + 1)]
        params = "".join(", %s %s" % (T, n) for n, _ in args)
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *s%s) {" % params)
        for j in range(1, k + 1):
            L.append("  T w%d = s[%d];" % (j, j - 1))
        L.append("  for (long i = 0; i < n; i++) {")
        a0 = rng.choice(["1", a[0]]) if kind != "f" else a[0]
        L.append("    T w = %s * x[i] + %s;" % (a0, " + ".join("%s * w%d" % (b[j - 1], j) for j in range(1, k + 1))))
        L.append("    y[i] = %s;" % " + ".join(["%s * w" % g[0]] + ["%s * w%d" % (g[j], j) for j in range(1, k + 1)]))
        for j in range(k, 1, -1):
            L.append("    w%d = w%d;" % (j, j - 1))
        L.append("    w1 = w;")
        L.append("  }")
        if live:  # the state saved: the state recurrence, then a FIR map
            for j in range(1, k + 1):
                L.append("  s[%d] = w%d;" % (j - 1, j))
        L.append("  return 0;")
        L.append("}")
    elif form == "chain":
        # a cascade of 2-4 stages: each a recurrence over the one before
        # (with a FIR part over its delays), the last maybe without feedback;
        # every state, only the last or none saved after the loop
        ns = rng.randint(2, 4)
        tail = rng.random() < 0.3
        ks = [0 if (tail and st == ns - 1) else rng.randint(1, 2) for st in range(ns)]
        qs = [0] + [rng.randint(0, 2) for _ in range(ns - 1)]
        if ks[-1] == 0 and qs[-1] == 0:
            qs[-1] = 1
        A = [[coef(rng, kind, T, "a%d_%d" % (st, m), args, 1.0) for m in range(qs[st] + 1)] for st in range(ns)]
        B = [[coef(rng, kind, T, "b%d_%d" % (st, j), args, 0.9 / max(ks[st], 1)) for j in range(1, ks[st] + 1)]
             for st in range(ns)]
        D = [max(ks[st], qs[st + 1] if st + 1 < ns else 0) for st in range(ns)]
        save = rng.choice(["all", "last", "none"])
        params = "".join(", %s %s" % (T, n) for n, _ in args)
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *s%s) {" % params)
        slot = 0
        slots = {}
        for st in range(ns):
            for j in range(1, D[st] + 1):
                L.append("  T z%d_%d = s[%d];" % (st, j, slot))
                slots[(st, j)] = slot
                slot += 1
        L.append("  for (long i = 0; i < n; i++) {")
        for st in range(ns):
            src = (lambda m: "x[i]") if st == 0 else (lambda m, st=st: "v%d" % (st - 1) if m == 0 else "z%d_%d" % (st - 1, m))
            terms = ["%s * %s" % (A[st][m], src(m)) for m in range(qs[st] + 1)]
            terms += ["%s * z%d_%d" % (B[st][j - 1], st, j) for j in range(1, ks[st] + 1)]
            L.append("    T v%d = %s;" % (st, " + ".join(terms)))
        for st in range(ns):
            for j in range(D[st], 1, -1):
                L.append("    z%d_%d = z%d_%d;" % (st, j, st, j - 1))
            if D[st]:
                L.append("    z%d_1 = v%d;" % (st, st))
        L.append("    y[i] = v%d;" % (ns - 1))
        L.append("  }")
        for (st, j), sl in sorted(slots.items()):
            if save == "all" or (save == "last" and st == ns - 1):
                L.append("  s[%d] = z%d_%d;" % (sl, st, j))
        L.append("  return 0;")
        L.append("}")
    elif form == "fold":
        # an output combining several stages of a first-order cascade (DEMA,
        # TEMA and the like); the first stage's state maybe saved
        ns = rng.randint(2, 3)
        A = [coef(rng, kind, T, "fa%d" % st, args, 1.0) for st in range(ns)]
        B = [coef(rng, kind, T, "fb%d" % st, args, 0.9) for st in range(ns)]
        G = [coef(rng, kind, T, "fg%d" % st, args, 3.0) for st in range(ns)]
        params = "".join(", %s %s" % (T, n) for n, _ in args)
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *s%s) {" % params)
        for st in range(ns):
            L.append("  T e%d = s[%d];" % (st, st))
        L.append("  for (long i = 0; i < n; i++) {")
        for st in range(ns):
            L.append("    e%d = %s * %s + %s * e%d;" % (st, A[st], "x[i]" if st == 0 else "e%d" % (st - 1), B[st], st))
        L.append("    y[i] = %s;" % " + ".join("%s * e%d" % (G[st], st) for st in range(ns)))
        L.append("  }")
        if live:
            L.append("  s[0] = e0;")
        L.append("  return 0;")
        L.append("}")
    elif form == "reduce":
        # a recurrence and a second accumulator beside it, used after the loop
        t = rng.choice(["x[i] * x[i]", "(T)(z[i] > 0)", "z[i] - x[i]", "x[i]"])
        L.append("__attribute__((noinline)) T kern(T *y, const T *x, const T *z, long n%s) {" % params)
        L.append("  T acc = 0;")
        L.append("  for (long i = %d; i < n; i++) {" % k)
        terms = ["%s * x[i - %d]" % (a[m], m) for m in range(min(p, k) + 1)]
        terms += ["%s * y[i - %d]" % (b[j - 1], j) for j in range(1, k + 1)]
        L.append("    y[i] = %s;" % " + ".join(terms))
        L.append("    acc = acc + %s;" % t)
        L.append("  }")
        L.append("  return acc;")
        L.append("}")
    else:
        L.append("__attribute__((noinline)) T kern(T *out, const T *in, long n, T acc%s) {" % params)
        L.append("  while (n-- > 0) { acc = %s * acc + %s * *in++; *out++ = acc; }" % (b[0], a[0]))
        L.append("  return acc;")
        L.append("}")
    fmt = '"%.9g\\n", (double)' if kind == "f" else '"%lld\\n", (long long)'
    # Long calls must reach the default pre-filter (65536) to be asked about;
    # the offsets below are relative, so only M grows.
    L.append("#define M %d" % (6000 + (65536 if ask else 0)))
    L.append("static T X[M + 16], Y[M + 16], S[16] __attribute__((aligned(16)));")
    L.append("__attribute__((optnone, noinline)) static void fill(unsigned r) {")
    L.append("  for (int i = 0; i < M + 16; i++) { r = r * 1103515245u + 12345u;")
    if kind == "f":
        L.append("    X[i] = (T)((int)(r >> 9) % 2001 - 1000) / 1000; Y[i] = (T)((int)(r >> 3) % 201 - 100) / 100; }")
    else:
        L.append("    X[i] = (T)((int)(r >> 9) % 201 - 100); Y[i] = (T)((int)(r >> 3) % 21 - 10); }")
    L.append("  for (int i = 0; i < 16; i++) S[i] = (T)(i % 5) - 2;" if kind != "f" else
             "  for (int i = 0; i < 16; i++) S[i] = (T)((i % 5) - 2) / 4;")
    L.append("}")
    L.append("static void dump(const T *v, long n) { for (long i = 0; i < n; i++) printf(%s v[i]); }" % fmt)
    argv = "".join(", %s" % (lit(v, T) if kind == "f" else str(v)) for _, v in args)
    L.append("int main(void) {")
    n_big = rng.choice([64, 65, 100, 1000, 4096, 5000])
    if ask:
        n_big += 65536 - 64  # drawn as before: a seed keeps its kernel
    n_small = rng.choice([0, 1, 3, 10, 63])
    off = 8
    if form == "rows":
        for i, (w, h) in enumerate([(600, 9), (70, 50), (5, 3)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(Y, X, %d, %d%s));" % (fmt, w, h, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "nest":
        w, h = (300, 230) if ask else (75, 79)
        for i, (yy, xx, ww, hh) in enumerate([("Y", "X", w, h), ("X", "X", w, h), ("X + %d" % w, "X", w, h - 1),
                                               ("Y", "X", 5, 3), ("Y", "X", w, 1)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d, %d%s));" % (fmt, yy, xx, ww, hh, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "lanes":
        w, h = (300, 230) if ask else (75, 79)
        calls = [("Y", "X", w, h), ("X + %d" % w, "X", w, h - 1), ("Y", "X", 5, 3), ("Y", "X", 1, h)]
        if p == 0:
            calls.append(("X", "X", w, h))
        for i, (yy, xx, ww, hh) in enumerate(calls):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d, %d%s));" % (fmt, yy, xx, ww, hh, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "back":
        for i, (yy, xx, nn) in enumerate([("Y + 8", "X + 8", n_big), ("Y + 8", "X + 8", n_small + 5),
                                           ("X + 8", "X + 8", n_big), ("X + 10", "X + 8", n_big - 8)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d%s));" % (fmt, yy, xx, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "cond":
        for i, (yy, xx, nn) in enumerate([("Y + 8", "X + 8", n_big), ("Y + 8", "X + 8", n_small + 5), ("X + 9", "X + 8", n_big - 8)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d%s));" % (fmt, yy, xx, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "tmix":
        for i, (yy, xx, zz, nn) in enumerate([("Y + 8", "X + 8", "S + 0", 10), ("Y + 8", "X + 8", "X + 100", n_big),
                                                ("X + 200", "X + 8", "X + 100", n_big - 200), ("Y + 8", "Y + 8", "X + 8", n_big - 8),
                                                ("Y + 8", "X + 8", "Y + 9", n_big - 8)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %s, %d%s));" % (fmt, yy, xx, zz, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "reduce":
        for i, (yy, xx, zz, nn) in enumerate([("Y + 8", "X + 8", "X + 100", n_big), ("Y + 8", "X + 8", "Y + 9", n_big - 8),
                                                ("Y + 8", "X + 8", "X + 100", n_small), ("X + 9", "X + 8", "X + 8", n_big - 8)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %s, %d%s));" % (fmt, yy, xx, zz, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "array":
        calls = [("Y + %d" % off, "X + %d" % off, n_big), ("Y + %d" % off, "X + %d" % off, n_small),
                 ("X + %d" % (off + 2), "X + %d" % off, n_big - 8), ("X + %d" % off, "X + %d" % (off + 3), n_big - 8)]
        if inplace:
            calls.append(("X + %d" % off, "X + %d" % off, n_big))
        for i, (yy, xx, nn) in enumerate(calls):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d%s));" % (fmt, yy, xx, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "chan":
        C = 2 + seed % 3
        nb = min(n_big, (6000 + (65536 if ask else 0)) // C)
        for i, (yy, xx, nn) in enumerate([("Y", "X", nb), ("Y", "X", n_small), ("X", "X", nb - 8), ("X + 1", "X", nb - 8)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d, S%s));" % (fmt, yy, xx, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16); dump(S, 16);")
    elif form == "tdf2n":
        w, h = (300, 230) if ask else (75, 79)
        for i, (yy, xx, ww, hh) in enumerate([("Y", "X", w, h), ("X", "X", w, h), ("X + %d" % w, "X", w, h - 1),
                                               ("Y", "X", 5, 3), ("Y", "X", w, 1), ("X + 1", "X", w, h - 1)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d, %d, S%s));" % (fmt, yy, xx, ww, hh, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    elif form == "tdf2m":
        calls = [("Y, X", n_big, "S"), ("Y, X", n_small, "S"), ("X, X", n_big, "S"), ("X + 1, X", n_big - 8, "S"),
                 ("Y, X", n_big, "Y + 30"), ("Y + 8, X", n_big - 8, "X + 3")]
        for i, (ptrs, nn, st) in enumerate(calls):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %d, (void *)(%s)%s));" % (fmt, ptrs, nn, st, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16); dump(S, 16);")
    elif form == "tdf2":
        sarg = "(void *)S" if "struct st" in src_of(L) else "S"
        calls = ([("X", n_big), ("X", n_small), ("Y + 3", n_big)] if tinplace else
                 [("Y, X", n_big), ("Y, X", n_small), ("X, X", n_big), ("X + 1, X", n_big - 8), ("X, X + 2", n_big - 8)])
        for i, (ptrs, nn) in enumerate(calls):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %d, %s%s));" % (fmt, ptrs, nn, sarg, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16); dump(S, 16);")
    elif form in ("regs", "df2", "cascade", "chain", "fold"):
        for i, (yy, xx, nn) in enumerate([("Y", "X", n_big), ("Y", "X", n_small), ("X + 1", "X", n_big - 8)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d, S%s));" % (fmt, yy, xx, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16); dump(S, 16);")
    else:
        for i, (yy, xx, nn) in enumerate([("Y", "X", n_big), ("Y", "X", n_small), ("X + 2", "X", n_big - 8)]):
            L.append("  fill(%d);" % (seed * 7 + i))
            L.append("  printf(%s kern(%s, %s, %d, (T)1%s));" % (fmt, yy, xx, nn, argv))
            L.append("  dump(Y, M + 16); dump(X, M + 16);")
    L.append("  return 0;")
    L.append("}")
    return "\n".join(L) + "\n", kind, T


def src_of(L):
    return "\n".join(L)


def wild(v):
    # Stable kernels on inputs in [-1, 1] stay far below 1e6; beyond it the
    # sequence diverges (outputs fed back as inputs through overlapping
    # arrays, always the fallback loop) and -ffast-math lets two compilations
    # of that loop round differently, amplified without bound.
    return math.isnan(v) or math.isinf(v) or abs(v) > 1e6


def same(ref, got, kind, T):
    r, g = ref.split(), got.split()
    if len(r) != len(g):
        return False
    if kind != "f":
        return r == g
    tol = 2e-3 if T == "float" else 1e-8
    for a, b in zip(r, g):
        fa, fb = float(a), float(b)
        if fa == fb or (math.isnan(fa) and math.isnan(fb)):
            continue
        # Both diverged (or hit inf/NaN, undefined under -ffast-math).
        if wild(fa) and wild(fb):
            continue
        if not abs(fa - fb) <= tol * (1 + abs(fa)):
            return False
    return True


def one(build, seed, work):
    src, kind, T = gen(seed)
    c = os.path.join(work, "k%d.c" % seed)
    open(c, "w").write(src)
    fl = ["-O2", "-w"] + (["-ffast-math"] if kind == "f" else [])
    ref, plr = c[:-2] + ".ref", c[:-2] + ".plr"
    subprocess.run([CLANG] + fl + [c, "-o", ref], check=True)
    env = dict(os.environ, PLR_PASS_MIN_N="0")
    if asks(seed):
        del env["PLR_PASS_MIN_N"]
    lib = os.path.join(build, "lib")
    cp = subprocess.run([CLANG] + fl + ["-fpass-plugin=" + os.path.join(lib, "libPLRPass.so"), "-Rpass=plr",
                         "-Rpass-missed=plr", c, "-L" + lib, "-lplr", "-Wl,-rpath," + lib, "-o", plr],
                        env=env, capture_output=True, text=True)
    if cp.returncode != 0:
        return "PLUGIN-COMPILE-FAIL", src, cp.stderr
    # Only the kernel's remarks count: main()'s loops (fill's generator,
    # once a recurrence with maps, now optnone) are not the kernel under test
    kend = next(j for j, l in enumerate(src.splitlines()) if l.startswith("#define M")) + 1
    inkern = lambda l: l.split(":")[1].isdigit() and int(l.split(":")[1]) < kend
    replaced = sum(1 for l in cp.stderr.splitlines() if "remark: replaced " in l and inkern(l))
    missed = [l for l in cp.stderr.splitlines() if "not replaced" in l]
    missed = [l for l in missed if inkern(l)] or ["(no remark on the kernel; elsewhere: %s)" % l for l in missed[:1]]
    a = subprocess.run([ref], capture_output=True, text=True, timeout=60).stdout
    renv = dict(os.environ)
    renv.pop("PLR_DEVICE", None)
    if not asks(seed):
        b = subprocess.run([plr], capture_output=True, text=True, timeout=60).stdout
        if not same(a, b, kind, T):
            return "DIFFERENT", src, cp.stderr
        return ("ok-replaced" if replaced else "ok-not-replaced"), src, "\n".join(missed)
    # A forced device is always answered yes and called; auto may decline.
    asked = 0
    for dev in ("cpu", "auto"):
        e = dict(renv, PLR_VERBOSE="1")
        if dev != "auto":
            e["PLR_DEVICE"] = dev
        r = subprocess.run([plr], capture_output=True, text=True, timeout=120, env=e)
        if not same(a, r.stdout, kind, T):
            return "DIFFERENT", src, "PLR_DEVICE=%s\n%s\n%s" % (dev, cp.stderr, r.stderr[-4000:])
        answers = [l for l in r.stderr.splitlines() if l.startswith("plr: pays? ")]
        if dev == "cpu":
            if any(" elements: no" in l for l in answers):
                return "DECLINED-FORCED", src, r.stderr[-4000:]
            asked = len(answers)
    if not replaced:
        return "ok-not-replaced", src, "\n".join(missed)
    return ("ok-replaced-asked" if asked else "ok-replaced"), src, "\n".join(missed)


def main():
    build, count = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    tally, bad = {}, 0
    with tempfile.TemporaryDirectory(prefix="plr-recfuzz.") as work:
        for seed in range(first, first + count):
            verdict, src, info = one(build, seed, work)
            tally[verdict] = tally.get(verdict, 0) + 1
            if verdict.startswith("ok"):
                if verdict == "ok-not-replaced":
                    print("seed %d not replaced: %s" % (seed, info.strip().splitlines()[0] if info.strip() else "?"))
                continue
            bad += 1
            print("seed %d: %s" % (seed, verdict))
            print(src)
            print(info)
    for k in sorted(tally):
        print("%s: %d" % (k, tally[k]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
