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
output maps reading other arrays at the output's index (`maps`), the state
stored to several arrays or maps of it (`outs`, a PI controller with its
log), homogeneous recurrences (`homog`), rolling sums over a run-time window
(`roll`), LPC synthesis of run-time order (`rto`) and constant strides other
than 1, forward and backward (`stride`), each with near misses the pass
should refuse (drawn for one mixed seed in eight by a generator of their
own, gen_new),
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
  RECFUZZ_FORM=cascade|chain|df2|fold|reduce|tmix|...|maps|outs|homog|roll|rto|stride|rstride|rcols|bound|narrow|fixed|sep|split
  restricts the kernels to one shape (`bound`: the trip count's bound read
  from memory on every iteration, see gen_bound; one mixed seed in sixteen
  draws it, after gen_new's draw; `sep`: several independent recurrences
  in one loop, each its own state and its own call, 2-4 interleaved
  channels of one array or 2-4 recurrences over separate arrays, near
  misses one reading another's state or output, calls with arrays apart,
  in place and partially overlapping, see gen_new; one mixed seed in
  sixteen of those left after bound's draw; `narrow` and `fixed` are named only,
  never drawn: `fixed` writes one fixed element on every iteration beside
  the output, `*last = s` or `f->last = s` or a map of s or an invariant,
  and/or maps reading the loop's counter, `y[i] = s / (i + 1)`, forward,
  backward or from a run-time start, with the element placed inside y, x,
  z or w by some calls). A kernel not replaced prints the pass's
  remark on it (and, for gen_new's forms, the kernel's first line: its shape,
  and "near miss" where it is one the pass should refuse).
"""
import math
import os
import random
import re
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


def tdf2_body(ind, xv, b, a, k, neg, temps, target, last_input=True):
    """One step of a transposed direct form II of order k: v = b0*x + z1,
    z_j = b_j*x - a_j*v + z_{j+1}, z_k = b_k*x - a_k*v (without
    last_input, z_k = -a_k*v); with temps, every new state into a temporary
    first, then all assigned."""
    fb = lambda j: "%s * %s" % (b[j], xv) if j < k or last_input else ""
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
    # The forms of gen_new: named, or drawn for one seed in eight of the
    # mixed form (drawn apart, so that the other seeds keep their kernels)
    named = os.environ.get("RECFUZZ_FORM")
    if named in NEW_FORMS or named in ("narrow", "fixed", "sep", "rstride", "split", "rcols"):
        return gen_new(seed, named)
    draw = random.Random(seed * 104723 + 41).random()
    if named is None and draw < 0.125:
        return gen_new(seed, NEW_FORMS[int(draw / 0.125 * len(NEW_FORMS))])
    if named == "bound" or named is None and random.Random(seed * 130363 + 7).random() < 0.0625:
        return gen_bound(seed)
    # several independent recurrences in one loop (`sep`), one seed in
    # sixteen of the rest (drawn apart, after bound's draw)
    if named is None and random.Random(seed * 166301 + 29).random() < 0.0625:
        return gen_new(seed, "sep")
    # run-time strides (`rstride`), one seed in 32 of the rest
    if named is None and random.Random(seed * 199999 + 13).random() < 0.03125:
        return gen_new(seed, "rstride")
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
        elif random.Random(seed * 31337 + 5).random() < 0.4:
            # (drawn apart, so that older seeds keep their kernels) every
            # sequence from the same nonzero values from before the nest:
            # each one's history written by the gather loop (until
            # 2026-12-04 such a nest started every sequence from zero)
            iv = [lit(0.5 + j, T) if kind == "f" else str(j + 2) for j in range(1, k + p + 1)]
            L.append("    " + " ".join("T y%d = %s;" % (j, iv[j - 1]) for j in range(1, k + 1)) +
                     "".join(" T x%d = %s;" % (m, iv[k + m - 1]) for m in range(1, p + 1)))
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
        # a scaled carry (drawn apart, so that older seeds keep their
        # kernels): the last state a multiple of v alone (z_k = -a_k*v,
        # opus's de-emphasis at k = 1) and the output stored as a map of v
        srng = random.Random(seed * 6007 + 3)
        scaled = srng.random() < 0.3
        if scaled:
            gmap = srng.choice(["v * (T)0.5", "v * (T)0.25 + (T)1", "v * (T)3 - (T)2"] if kind == "f" else
                               ["v * 3 + 1", "v >> 1", "v - 7"])
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
        body = tdf2_body("    ", xv, tb, ta, k, neg, temps, "y[i]", not scaled)
        if scaled:
            body[-1] = "    y[i] = %s;" % gmap
            if srng.random() < 0.5 and k == 1 and not tinplace and gmap != "v - 7":
                # a constant in the input term (opus's VERY_SMALL): the
                # input term materialized, the state zeroed in its clone
                # (not in place, which a materialized input is not; not
                # beside y = v - 7, which InstCombine folds to z1 + b0*x)
                body[0] = body[0].replace(" + z1;", " + (T)7 + z1;")
            L[0] = "/* tdf2, a scaled carry: the last state a multiple of v, y[i] a map of v */\n" + L[0]
        L += body
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
        # (one chain without a FIR tail in three stores a map of the last
        # stage instead: drawn apart, so that older seeds keep their kernels)
        last = "v%d" % (ns - 1)
        omap = None
        if not tail and random.Random(seed * 50021 + 15).random() < 0.34:
            omap = random.Random(seed * 50021 + 16).choice(["x[i] - %s", "%s * (T)3", "%s * %s", "x[i] * (T)2 + %s"])
        L.append("    y[i] = %s;" % (omap.replace("%s", last) if omap else last))
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


# ---------------------------------------------------------------------------
# Forms of the shapes docs/pass.md describes beside the plain call (drawn by
# a generator of their own, so older seeds keep their kernels): output maps
# reading other arrays (maps), several stored arrays (outs), homogeneous
# recurrences (homog), rolling sums over a run-time window (roll), run-time
# order (rto), constant strides other than 1 forward and backward (stride).
# Each draws, for about one kernel in six, a near miss the pass should refuse
# (named in the kernel's first line, "near miss"); the rest are shapes it
# claims to take. Their main() has five arrays X, Y, Z, W, V of M + 2P
# elements (pointers handed at +P, so histories before the first index are
# the caller's memory), S[16] for states and A[64] for coefficients.
NEW_FORMS = ["maps", "outs", "homog", "roll", "rto", "stride"]


def gen_new(seed, form):
    rng = random.Random("%s:%d" % (form, seed))
    ask = asks(seed)
    T = rng.choice(list(TYPES))
    kind = TYPES[T][0]
    isf = kind == "f"
    uns = T.startswith("unsigned")
    args = []
    note = []
    live = rng.random() < 0.5
    near = rng.random() < 0.17
    base = 6000 + (65536 if ask else 0)
    n_big = rng.choice([64, 65, 100, 1000, 4096, 5000]) + (65536 - 64 if ask else 0)
    n_small = rng.choice([0, 1, 3, 10, 63])
    M = base
    Acoef = None
    prelude = postlude = None  # (fixed: per-call lines before and after the call)
    K = []  # the kernel

    def C(name, budget=1.0, ints=None):
        """A coefficient: literal or argument (floats within +-budget)."""
        if isf:
            v = round(rng.uniform(-budget, budget), 3)
        else:
            v = rng.choice(ints or [-3, -2, -1, 1, 1, 1, 2, 3, 5])
        if rng.random() < 0.35:
            args.append((name, v))
            return name
        return lit(v, T) if isf else str(v)

    def Cpos(name, lo, hi):
        """A float coefficient in [lo, hi] (an int one from 1..3)."""
        v = round(rng.uniform(lo, hi), 3) if isf else rng.choice([1, 2, 3])
        if rng.random() < 0.35:
            args.append((name, v))
            return name
        return lit(v, T) if isf else str(v)

    def params():
        return "".join(", %s %s" % (T, n) for n, _ in args)

    if form == "maps":
        # s = a*s + (1-a)*x[i] (or a*s + b*x[i], s += b*x[i], order 2 in
        # registers); out[i] = a map of s reading u[i], v[i], x[i]; forward
        # or backward; the state loaded from st[0] and saved, returned
        k = rng.choice([1, 1, 2])
        back = rng.random() < 0.25
        nest = rng.random() < 0.2  # rows or columns of an image: one plr_run_many, the maps over every sequence
        col = rng.random() < 0.5
        hdr = "for (long i = n - 1; i >= 0; i--)" if back else "for (long i = 0; i < n; i++)"
        if k == 1:
            sk = rng.choice(["smooth", "ab", "integ"])
            if sk == "smooth":
                a = Cpos("a", 0.05, 0.95) if isf else C("a", ints=[-3, -2, -1, 2, 3, 5])  # (a = 1: no state)
                upd = "s = %s * s + (1 - %s) * x[i];" % (a, a)
            elif sk == "ab":
                upd = "s = %s * s + %s * x[i];" % (C("a", 0.9), C("b"))
            else:
                upd = "s += %s * x[i];" % C("b", 0.5)
            note.append("state %s" % sk)
        else:
            upd = "T s = %s * x[i] + %s * s1 + %s * s2; s2 = s1; s1 = s;" % (C("b0"), C("b1", 0.45), C("b2", 0.45))
            note.append("state order 2")
        c = lit(round(rng.uniform(-2, 2), 2), T) if isf else str(rng.choice([-7, -1, 2, 5]))
        maps = ["u[i] * s", "u[i] * s + %s" % c, "u[i] * s - x[i]", "v[i] * s + x[i]", "s + %s * x[i]" % c,
                "u[i] * s + %s * v[i] - x[i]" % c, "(u[i] + v[i]) * s", "%s * s + u[i]" % c, "u[i + 1] * s - v[i]"]
        if not isf:
            maps += ["(s >> 2) + u[i]", "(s ^ u[i]) + x[i]"]
        if uns:
            # (a signed state overflows: clang may fold a comparison of it
            # under nsw, and the two builds differ by that undefined
            # behaviour, not by the call: seed 110054)
            maps.append("(T)(s > 0) + u[i] * x[i]")
        if k == 1 and sk != "integ":
            maps.append("s - sp")  # the state's earlier value: a FIR of it (direct form II)
        g = rng.choice(maps)
        if near:
            # (out[i] read in place was a near miss until the state went to a
            # buffer: the draw is kept, so the seeds keep their kernels, and
            # the kernel is a taken shape now)
            g, why = rng.choice([("out[i] * s", None),
                                 ("u[n - 1 - i] * s", "the map reads u in the other direction (OutputIndex)"),
                                 ("v[i] * s + out[i - 1]", "the map reads the output's previous element")])
            if why:
                note.append("near miss: " + why)
            else:
                note.append("the map reads out[i] in place: the state in a buffer")
        if k == 1 and not near and random.Random(seed * 50021 + 11).random() < 0.25:
            # the output reads the state before its update (opus's dc_reject,
            # a float high-pass): drawn apart, so the other draws are
            # unchanged; a quarter of these seeds' maps are replaced
            g = random.Random(seed * 50021 + 12).choice(["x[i] - sp", "u[i] * sp - x[i]", "x[i] - sp + u[i] * s",
                                                            "sp + %s * x[i]" % c])
            note.append("the state before its update")
        if nest and not near and random.Random(seed * 50021 + 13).random() < 0.3:
            # a map reading the row loop's counter (a running mean per row,
            # the counter from the same start in every sequence): drawn apart
            g = random.Random(seed * 50021 + 14).choice(["s / (T)(IV + 1)", "s - (T)(3 * IV)", "u[i] * s + (T)IV"])
            note.append("the inner loop's counter")
        note.append("out[i] = " + g)
        if back and not nest:
            note.append("backward")
        if nest:
            # the same body over r*w + c, every sequence from a zero state
            note.append("nest over %s%s" % ("columns" if col else "rows", ", backward" if back else ""))
            outer, inner, olim, ilim = ("c", "r", "w", "h") if col else ("r", "c", "h", "w")
            ix = lambda e: (e.replace("[n - 1 - i]", "[w * h - 1 - (r * w + c)]").replace("[i + 1]", "[r * w + c + 1]")
                            .replace("[i - 1]", "[r * w + c - 1]").replace("[i]", "[r * w + c]"))
            K.append("__attribute__((noinline)) T kern(T *out, const T *x, const T *u, const T *v, long w, long h%s) {" % params())
            K.append("  for (long %s = 0; %s < %s; %s++) {" % (outer, outer, olim, outer))
            K.append("    " + ("T s = 0;" if k == 1 else "T s1 = 0, s2 = 0;"))
            if back:
                K.append("    for (long %s = %s - 1; %s >= 0; %s--) {" % (inner, ilim, inner, inner))
            else:
                K.append("    for (long %s = 0; %s < %s; %s++) {" % (inner, inner, ilim, inner))
            if "sp" in g:
                K.append("      T sp = s;")
            K.append("      " + ix(upd))
            K.append("      out[r * w + c] = %s;" % ix(g).replace("IV", inner))
            K.append("    }")
            K.append("  }")
            K.append("  return out[w * h - 1];")
            K.append("}")
            w, h = (300, 230) if ask else (75, 79)
            calls = ["Y + P, X + P, Z + P, W + P, %d, %d" % (w, h), "Y + P, X + P, Z + P, W + P, 5, 3",
                     "Y + P, X + P, Y + P + 3, W + P, %d, %d" % (w, h - 1), "X + P, X + P, Z + P, W + P, %d, %d" % (w, h),
                     "Y + P, X + P, X + P, X + P, %d, %d" % (w, h), "X + P + %d, X + P, Z + P, W + P, %d, %d" % (w, w, h - 1)]
            dumps = ["Y", "X"]
    if form == "maps" and not nest:
        K.append("__attribute__((noinline)) T kern(T *out, const T *x, const T *u, const T *v, long n, T *st%s) {" % params())
        if k == 1:
            K.append("  T s = %s;" % rng.choice(["st[0]", "0", lit(0.5, T) if isf else "3"]))
        else:
            K.append("  T s1 = st[0], s2 = st[1];")
        K.append("  %s {" % hdr)
        if "sp" in g:
            K.append("    T sp = s;")
        K.append("    " + upd)
        K.append("    out[i] = %s;" % g)
        K.append("  }")
        if live:
            K.append("  st[0] = %s;" % ("s" if k == 1 else "s1"))
            if k == 2:
                K.append("  st[1] = s2;")
        K.append("  return %s;" % ("s" if k == 1 else rng.choice(["s1", "s2"])))
        K.append("}")
        calls = [("Y + P, X + P, Z + P, W + P", n_big), ("Y + P, X + P, Z + P, W + P", n_small),
                 ("Y + P, X + P, Y + P + 3, W + P", n_big - 8),  # u inside out, ahead
                 ("Y + P, X + P, Z + P, Y + P - 3", n_big - 8),  # v inside out, behind
                 ("X + P, X + P, Z + P, W + P", n_big),  # in place
                 ("Y + P, X + P, X + P, X + P", n_big),  # the map's loads are x itself
                 ("X + P + 2, X + P, Z + P, W + P", n_big - 8),  # out overlaps x
                 ("Y + P, X + P, Y + P, W + P", n_big - 5),  # u is out itself (the state to a buffer)
                 ("Y + P, X + P, Z + P, Y + P", n_big)]  # v is out itself
        calls = [(c_ + ", %d, S" % nn) for c_, nn in calls]
        calls.append("Y + P, X + P, Z + P, W + P, %d, Y + P + 5" % (n_big - 8))  # the state loaded from and saved into out
        dumps = ["Y", "X", "S"]
    if form == "maps":
        pass  # (above: a nest, or one loop)
    elif form == "outs":
        # the state stored to several arrays, or maps of it (a PI controller
        # with its log); near misses: another index, a conditional store, a
        # second state
        k = rng.choice([1, 1, 2])
        pi = rng.random() < 0.3
        lay = rng.choice(["unit"] * 6 + ["stride2", "back"])  # every stored array and w at 2*i; counting down
        c = lit(round(rng.uniform(-2, 2), 2), T) if isf else str(rng.choice([-7, -1, 2, 5]))
        d = lit(round(rng.uniform(-2, 2), 2), T) if isf else str(rng.choice([-3, 1, 4]))
        pool = ["%s * s + %s" % (c, d), "%s * s + w[i]" % c, "x[i] - %s * s" % c, "%s * x[i] + s" % c,
                "%s * x[i]" % d, "w[i]", "s * w[i]"]
        if not isf:
            pool += ["(s >> 1) + w[i]"] + (["(T)(s > 0)"] if uns else [])  # (as in maps)
        if pi or k == 1:
            # the state's earlier value (sp, before the update): the map loop
            # carries it in a register (clang folds x[i] - s after s += x[i]
            # into -sp itself)
            pool += ["x[i] - sp", "s - %s * sp" % c]
        if pi:
            kp, ki = C("kp", 1.0), C("ki", 0.2)
            upd = ["s += %s * x[i];" % ki]
            stores = [("y", "%s * x[i] + s" % kp)] + ([("z", "s")] if rng.random() < 0.8 else [])
            if rng.random() < 0.4:
                stores.append(("q", rng.choice(pool)))
            note.append("PI controller")
        else:
            if k == 1:
                upd = ["s = %s * s + %s * x[i];" % (C("a", 0.9), C("b"))]
            else:
                upd = ["T sn = %s * x[i] + %s * s1 + %s * s2; s2 = s1; s1 = sn;" % (C("b0"), C("b1", 0.45), C("b2", 0.45))]
            nst = rng.randint(2, 3)
            plain = rng.random() < 0.7
            exprs = (["s"] if plain else []) + [rng.choice(pool) for _ in range(nst - (1 if plain else 0))]
            stores = list(zip(["y", "z", "q"], exprs))
        rng.shuffle(stores)
        cond = None
        extra = []
        if near:
            why = rng.choice(["OutputIndex", "ConditionalStore", "OtherStores"])
            j = rng.randrange(len(stores))
            arr, e = stores[j]
            if why == "OutputIndex":
                stores[j] = (arr + "[n - 1 - i]", e)
            elif why == "ConditionalStore":
                cond = j
            else:
                extra = ["t += x[i];"]
                stores[j] = (arr, "s + t")
            note.append("near miss: " + why)
        if lay != "unit":
            note.append(lay + (" (a map reading x[i] is at another index: OutputIndex)" if lay == "stride2" else ""))
        lastmap = live and any(e != "s" for _, e in stores) and rng.random() < 0.5
        sv = "s" if (pi or k == 1) else "sn"
        K.append("__attribute__((noinline)) T kern(T *y, T *z, T *q, const T *x, const T *w, long n, T *st%s) {" % params())
        if pi or k == 1:
            K.append("  T s = st[0], e = 0;")
        else:
            K.append("  T s1 = st[0], s2 = st[1], e = 0;")
        if extra:
            K.append("  T t = 0;")
        K.append("  for (long i = n - 1; i >= 0; i--) {" if lay == "back" else "  for (long i = 0; i < n; i++) {")
        if any(re.search(r"\bsp\b", e) for _, e in stores):
            K.append("    T sp = s;")
        K += ["    " + u for u in upd + extra]
        done_e = False
        for j, (arr, e) in enumerate(stores):
            e = re.sub(r"\bs\b", sv, e)
            if lay == "stride2":
                e = e.replace("w[i]", "w[2 * i]")
                arr = arr.replace("[n - 1 - i]", "[2 * (n - 1 - i)]")
            tgt = arr if "[" in arr else arr + ("[2 * i]" if lay == "stride2" else "[i]")
            if lastmap and not done_e and e != sv and cond != j:
                K.append("    e = %s;" % e)
                e = "e"
                done_e = True
            K.append(("    if (x[i] > 0) %s = %s;" if cond == j else "    %s = %s;") % (tgt, e))
        K.append("  }")
        if live:
            K.append("  st[0] = %s;" % ("s" if (pi or k == 1) else "s1"))
        K.append("  return %s;" % ("e" if done_e else ("s" if (pi or k == 1) else "s1") if live else "0"))
        K.append("}")
        note.append("; ".join("%s = %s" % s_ for s_ in stores))
        calls = [("Y + P, Z + P, V + P, X + P, W + P", n_big), ("Y + P, Z + P, V + P, X + P, W + P", n_small),
                 ("Y + P, Y + P + 5, V + P, X + P, W + P", n_big - 8),  # z inside y
                 ("Y + P, X + P + 1, V + P, X + P, W + P", n_big - 8),  # z inside x
                 ("Y + P, Z + P, V + P, X + P, Z + P + 2", n_big - 8),  # w inside z
                 ("X + P, Z + P, V + P, X + P, W + P", n_big),  # y is x
                 ("Y + P, Z + P, Z + P, X + P, W + P", n_big)]  # z and q one array
        calls += [("Y + P, Z + P, V + P, X + P, Y + P", n_big - 8),  # w is y: a map reads the output
                  ("Y + P, Z + P, V + P, X + P, Y + P - 1", n_big - 8),  # w one element behind y
                  ("Y + P, Z + P, X + P, X + P, W + P", n_big - 8)]  # q is x
        calls = [(c_ + ", %d, S" % nn) for c_, nn in calls]
        calls.append("Y + P, Z + P, V + P, X + P, W + P, %d, Y + P + 5" % (n_big - 8))  # the state inside y
        dumps = ["Y", "Z", "V", "X", "S"]
        if lay == "stride2":
            M = 2 * base
    elif form == "homog":
        # no input term: y[i] = sum_j b_j y[i-j] from seeds in memory (from
        # the first index or before it), forward or backward; in registers
        # (st[] loaded and saved); a damped oscillator 2r cos(t) y[i-1] -
        # r^2 y[i-2]; near misses: not linear
        kk = rng.choice(["mem", "mem", "regs", "osc", "back"])
        if rng.random() < 0.1:
            # y[i-1] both in a register started from st[0] and read from
            # memory: the two agree from the second iteration on only
            kk = "both"
        k = rng.randint(1, 4)
        if kk == "osc":
            k = 2
            if isf:
                r, th = rng.uniform(0.95, 0.999), rng.uniform(0.01, 1.5)
                bv = [round(2 * r * math.cos(th), 6), round(-r * r, 6)]
            else:
                bv = [rng.choice([1, 2, 3]), -1]
            b = []
            for j, v in enumerate(bv):
                if rng.random() < 0.35:
                    args.append(("b%d" % (j + 1), v))
                    b.append("b%d" % (j + 1))
                else:
                    b.append(lit(v, T) if isf else str(v))
        else:
            b = [C("b%d" % j, 0.9 / k) for j in range(1, k + 1)]
            if not isf and k >= 2 and rng.random() < 0.3:
                b[rng.randrange(k - 1)] = "0"
        add = ""
        if rng.random() < 0.15:
            add = rng.choice([" + %s" % (lit(0.25, T) if isf else "7"), " + (T)(i & 3)"])
            note.append("not homogeneous: input term%s" % add)
        note.append("%s, order %d" % (kk, k))
        cc = C("c", 0.4) if kk == "both" else None
        K.append("__attribute__((noinline)) T kern(T *y, long n, T *st%s) {" % params())
        K.append("  T last = 0;")
        nl = None
        if near:
            nl = ("%s / 3" if not isf else "%s * %s") % (("y[i - 1]",) if not isf else ("y[i - 1]", "y[i - 1]"))
            note.append("near miss: not linear (%s)" % nl)
        if kk == "both":
            start = rng.choice([0, k, k + 1])
            terms = ["%s * y1" % b[0], "%s * y[i - 1]" % cc] + ["%s * y[i - %d]" % (b[j - 1], j) for j in range(2, k + 1)]
            if nl:
                terms[0] = nl.replace("y[i - 1]", "y1")
            K.append("  T y1 = st[0];")
            K.append("  for (long i = %d; i < n; i++) {" % start)
            K.append("    T yn = %s%s;" % (" + ".join(terms), add))
            K.append("    y1 = yn;")
            K.append("    y[i] = yn;")
            K.append("  }")
            if live:
                K.append("  st[0] = y1;")
            K.append("  return y1;")
        elif kk in ("mem", "osc"):
            start = rng.choice([0, k, k + 1])
            terms = ["%s * y[i - %d]" % (b[j - 1], j) for j in range(1, k + 1)]
            if nl:
                terms[0] = nl
            K.append("  for (long i = %d; i < n; i++) {" % start)
            K.append("    y[i] = %s%s;" % (" + ".join(terms), add))
            if live:
                K.append("    last = y[i];")
            K.append("  }")
            K.append("  return last;")
        elif kk == "back":
            terms = ["%s * y[i + %d]" % (b[j - 1], j) for j in range(1, k + 1)]
            if nl:
                terms[0] = nl.replace("i - 1", "i + 1")
            K.append("  for (long i = n - 1 - %d; i >= 0; i--) {" % k)
            K.append("    y[i] = %s%s;" % (" + ".join(terms), add))
            if live:
                K.append("    last = y[i];")
            K.append("  }")
            K.append("  return last;")
        else:
            K.append("  " + " ".join("T y%d = st[%d];" % (j, j - 1) for j in range(1, k + 1)))
            K.append("  for (long i = 0; i < n; i++) {")
            terms = ["%s * y%d" % (b[j - 1], j) for j in range(1, k + 1)]
            if nl:
                terms[0] = nl.replace("y[i - 1]", "y1")
            K.append("    T yn = %s%s;" % (" + ".join(terms), add))
            K += ["    y%d = y%d;" % (j, j - 1) for j in range(k, 1, -1)]
            K.append("    y1 = yn;")
            K.append("    y[i] = yn;")
            K.append("  }")
            if live:
                K += ["  st[%d] = y%d;" % (j - 1, j) for j in range(1, k + 1)]
            K.append("  return y1;")
        K.append("}")
        calls = ["Y + P, %d, S" % n_big, "Y + P, %d, S" % n_small, "X + P, %d, S" % n_big, "Y + P, %d, S" % (k + 1),
                 "Y + P, %d, Y + P + 7" % (n_big - 8)]  # (registers: the state loaded from and saved into y)
        dumps = ["Y", "X", "S"]
    elif form == "roll":
        # a rolling sum over a run-time window D: sum += I[t+D-1] - I[t-1]
        # (or I[t] - I[t-D], leaky, of squares), o[t] = a map of the sum;
        # near miss: the same in place on one array (the input term reads the
        # outputs: not materialized)
        rk = rng.choice(["ahead", "ahead", "behind", "leaky", "squares"])
        mp = rng.choice(["sum / D", "sum", "sum * %s" % (lit(0.25, T) if isf else "3"),
                         "sum / D + %s" % (lit(1.5, T) if isf else "2")])
        if isf and T == "float" and mp in ("sum",) and rk != "leaky":
            mp = "sum / D"
        a = C("a", 0.95) if rk == "leaky" else None
        arr = "o" if near else "I"
        if near:
            note.append("near miss: in place on one array (the input term reads outputs)")
        first, inc = {"ahead": ("1", "sum += %s[t + D - 1] - %s[t - 1];" % (arr, arr)),
                      "behind": ("D", "sum += %s[t] - %s[t - D];" % (arr, arr)),
                      "leaky": ("1", "sum = %s * sum + %s[t + D - 1] - %s[t - 1];" % (a, arr, arr)),
                      "squares": ("1", "sum += %s[t + D - 1] * %s[t + D - 1] - %s[t - 1] * %s[t - 1];" % (arr, arr, arr, arr))}[rk]
        note.append("%s, o[t] = %s" % (rk, mp))
        K.append("__attribute__((noinline)) T kern(T *o, const T *I, long n, long D, T *st%s) {" % params())
        K.append("  T sum = %s;" % rng.choice(["0", "st[0]"]))
        K.append("  for (long t = %s; t < n; t++) {" % first)
        K.append("    " + inc)
        K.append("    o[t] = %s;" % mp)
        K.append("  }")
        if live:
            K.append("  st[0] = sum;")
        K.append("  return sum;")
        K.append("}")
        D1, D2 = rng.choice([2, 3, 7, 16, 64]), rng.choice([100, 150, 200])
        calls = [("Y + P, X + P", n_big, D1), ("Y + P, X + P", n_small, D1), ("Y + P, X + P", n_big, 1),
                 ("Y + P, X + P", n_big - 200, D2), ("X + P, X + P", n_big - 64, D1),
                 ("X + P + 5, X + P", n_big - 64, D1), ("Y + P, Y + P + 3", n_big - 64, D1)]
        calls = ["%s, %d, %d, S" % c_ for c_ in calls]
        calls.append("Y + P, X + P, %d, %d, Y + P + 9" % (n_big - 64, D1))  # the state inside o
        dumps = ["Y", "X", "S"]
    elif form == "rto":
        # LPC synthesis with the order a run-time value p: -= or +=, a[j],
        # a[j-1] or a[p-j], the sum from x[i] or from zero, in place, from
        # p or from 0, int or long indices, taps from 1 up or from p down,
        # a gain on the input (g*x[i], a literal, an argument or 2*x[i]),
        # a factor on the sum (x[i] - h*s, x[i] + s*h, h*(x[i] - s): the
        # coefficients scaled by h; a near miss, RuntimeOrderGain, before);
        # near misses: 32-bit unsigned indices (RuntimeOrderWrap)
        I_ = rng.choice(["int", "long"])
        op = rng.choice(["-=", "+="])
        cf = rng.choice(["a[j]", "a[j - 1]", "a[p - j]"])
        zero = rng.random() < 0.3
        inpl = rng.random() < 0.25
        first = rng.choice(["p", "0"])
        down = rng.random() < 0.3
        xi = "y[i]" if inpl else "x[i]"
        if rng.random() < 0.3:
            g = rng.choice([C("g", 1.5, ints=[-3, -2, 2, 3, 5]), "2"])
            xi = rng.choice(["%s * %s" % (g, xi), "%s * %s" % (xi, g)])
            note.append("gain on the input")
        store = "s"
        init = xi
        if zero:
            init, store = "0", "%s %s s" % (xi, "-" if op == "-=" else "+")
        sumgain = rng.random() < 0.25
        if near:
            why = rng.choice(["gain", "unsigned"])
            if why == "gain":
                near, sumgain = False, True  # (the near miss's draw kept: a taken form now)
            else:
                I_, first = "unsigned", "p"
                note.append("near miss: %s" % why)
        if sumgain:
            # |h| <= 1 for floats: the taps stay stable
            h = C("h", 1.0, ints=[-3, -2, 2, 3, 5])
            hs = rng.choice(["%s * s" % h, "s * %s" % h])
            store = "%s %s %s" % (xi, "-" if op == "-=" else "+", hs) if zero else hs
            note.append("gain on the sum")
        note.append("y[i] = %s, s %s %s * y[i - j], from %s, %s%s%s" % (store if zero or near or sumgain else xi + " ...", op, cf, first,
                                                                      I_, ", in place" if inpl else "",
                                                                      ", taps from p down" if down else ""))
        K.append("__attribute__((noinline)) T kern(T *y, const T *x, const T *a, %s n, %s p%s) {" % (I_, I_, params()))
        K.append("  for (%s i = %s; i < n; i++) {" % (I_, first))
        K.append("    T s = %s;" % init)
        K.append(("    for (%s j = p; j >= 1; j--)" if down else "    for (%s j = 1; j <= p; j++)") % I_)
        K.append("      s %s %s * y[i - j];" % (op, cf))
        K.append("    y[i] = %s;" % store)
        K.append("  }")
        K.append("  return 0;")
        K.append("}")
        pmax = 6
        if isf:
            Acoef = [round(rng.uniform(-0.9 / pmax, 0.9 / pmax), 4) for _ in range(pmax + 1)] + \
                    [rng.choice([-0.001, 0.001]) for _ in range(64 - pmax - 1)]
        else:
            Acoef = [rng.choice([-2, -1, 0, 1, 1, 2]) for _ in range(pmax + 1)] + [rng.choice([0, 0, 1, -1]) for _ in range(64 - pmax - 1)]
        p1, p2 = rng.randint(1, 4), rng.randint(1, pmax - 1)
        calls = [("Y + P, X + P, A", n_big, p1), ("Y + P, X + P, A", n_big, p2), ("Y + P, X + P, A", n_small, p1),
                 ("Y + P, X + P, A", n_big, 0), ("Y + P, X + P, A", n_big, 33), ("X + P, X + P, A", n_big, p1),
                 ("Y + P, Y + P + 3, A", n_big - 8, p1), ("Y + P, X + P, Y + P + 100", n_big - 8, p1)]
        calls.append(("Y + P, Y + P - 1, A", n_big - 8, p1))  # x one element behind y: reads the outputs
        calls = ["%s, %d, %d" % c_ for c_ in calls]
        dumps = ["Y", "X"]
    elif form in ("stride", "rstride"):
        # y[SY*i + OY] over x[SX*i + OX] (one channel of interleaved data),
        # order 1-3 with a FIR part, forward or backward, array or register
        # form; near misses: a neighbouring element of y, a strided cascade.
        # rstride (named, or one mixed seed in 32 of those left after sep's
        # draw): the strides are run-time values sy and sx (long or int;
        # x at sy, at a stride of its own, or unit), each kernel called at
        # sy = 1, at larger strides, at their negatives and at 0 (the loop
        # as written), in place and overlapping; the plain forms are one
        # call at any stride (x at sy or unit), the rest versioned on
        # sy == 1 (and sx == 1).
        rt = form == "rstride"
        SY, SX = rng.choice([1, 2, 2, 3, 4]), rng.choice([1, 1, 2, 3])
        if SY == 1 and SX == 1:
            SY = rng.choice([2, 3])
        OY, OX = rng.randrange(SY), rng.randrange(SX)
        k, p = rng.randint(1, 3), rng.randint(0, 2)
        back = rng.random() < 0.35
        regs = rng.random() < 0.25
        a = [C("a%d" % m, 1.0) for m in range(p + 1)]
        b = [C("b%d" % j, 0.9 / k) for j in range(1, k + 1)]
        sgn = "+" if back else "-"
        sy_, sx_, SI = str(SY), str(SX), "long"
        if rt:
            OY = OX = 0
            SI = rng.choice(["long", "int"])
            sy_, sx_ = "sy", rng.choice(["sy", "sx", "1"])
        yi = lambda j: "y[%s * (i %s %d) + %d]" % (sy_, sgn, j, OY) if j else "y[%s * i + %d]" % (sy_, OY)
        xi = lambda m: "x[%s * (i %s %d) + %d]" % (sx_, sgn, m, OX) if m else "x[%s * i + %d]" % (sx_, OX)
        nm = None
        if near:
            nm = rng.choice(["neighbour", "cascade"] if SY >= 2 else ["cascade"])
            note.append("near miss: %s" % nm)
        cc = C("c", 0.9) if nm == "cascade" else None
        if rt:
            note.append("y stride sy (%s), x stride %s, order %d, fir %d, %s%s" % (SI, sx_, k, p, "backward" if back else "forward",
                                                                           ", registers" if regs else ""))
            K.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *st, %s sy, %s sx%s) {" % (SI, SI, params()))
        else:
            note.append("y stride %d + %d, x stride %d + %d, order %d, fir %d, %s%s" % (SY, OY, SX, OX, k, p, "backward" if back else "forward",
                                                                                ", registers" if regs else ""))
            K.append("__attribute__((noinline)) T kern(T *y, const T *x, long n, T *st%s) {" % params())
        K.append("  T last = 0;")
        hdr = "  for (long i = n - 1 - %d; i >= 0; i--) {" % max(k, p) if back else "  for (long i = %d; i < n; i++) {"
        if nm == "cascade":
            K.append("  T u = st[0], v = st[1];")
            K.append(hdr if back else hdr % 0)
            K.append("    u = %s * u + %s;" % (b[0], xi(0)))
            K.append("    v = %s * v + %s * u;" % (cc, a[0]))
            K.append("    %s = v;" % yi(0))
        elif regs:
            K.append("  " + " ".join("T y%d = st[%d];" % (j, j - 1) for j in range(1, k + 1)) +
                     "".join(" T x%d = st[%d];" % (m, k + m - 1) for m in range(1, p + 1)))
            K.append(hdr.replace(" - %d; i >= 0" % max(k, p), " - 0; i >= 0") if back else hdr % 0)
            K += reg_body("    ", xi(0), a, b, p, k, yi(0))
        else:
            start = rng.choice([0, max(k, p)])
            K.append(hdr if back else hdr % start)
            terms = ["%s * %s" % (a[m], xi(m)) for m in range(p + 1)] + ["%s * %s" % (b[j - 1], yi(j)) for j in range(1, k + 1)]
            if nm == "neighbour":
                terms[-1] = "%s * y[%s * i + %d]" % (b[-1], sy_, ((OY + 1) % SY if back else OY - 1) if not rt else (1 if back else -1))
            K.append("    %s = %s;" % (yi(0), " + ".join(terms)))
        if live:
            K.append("    last = %s;" % yi(0))
        K.append("  }")
        if regs and live and not nm:
            K += ["  st[%d] = y%d;" % (j - 1, j) for j in range(1, k + 1)]
        K.append("  return last;")
        K.append("}")
        M = base * (max(SY, SX) + 1)
        calls = ["Y + P, X + P, %d, S" % n_big, "Y + P, X + P, %d, S" % n_small, "X + P, X + P, %d, S" % n_big,
                 "X + P + 1, X + P, %d, S" % (n_big - 8), "Y + P, Y + P + %d, %d, S" % (SY, n_big - 8),
                 "Y + P, X + P, %d, Y + P + 3" % (n_big - 8)]  # (registers: the state inside y)
        if rt:
            # unit stride for the calls above, then the drawn strides, y's
            # at 0 (the loop as written), x's alone 1, in place, and the
            # drawn strides negated from the arrays' far ends: the plain
            # forms are one call at any stride, the others versioned on 1
            calls = [c_ + ", 1, 1" for c_ in calls[:4]] + [calls[5] + ", 1, 1"]
            calls += ["Y + P, X + P, %d, S, %d, %d" % (n_big, SY, SX), "Y + P, X + P, %d, S, 0, 1" % (n_big - 8),
                      "Y + P, X + P, %d, S, 1, %d" % (n_big, SX), "X + P, X + P, %d, S, %d, %d" % (n_big, SY, SY)]
            xs_neg = {"sy": SY, "sx": SX}.get(sx_, 0)
            calls += ["Y + P + %d, X + P + %d, %d, S, %d, %d" % ((n_big - 1) * SY, (n_big - 1) * xs_neg, n_big, -SY,
                                                               -xs_neg if xs_neg else 1)]
        dumps = ["Y", "X", "S"]
    elif form == "rcols":
        # Columns of an image at a run-time row pitch w, each read back
        # through memory (y[(r-j)*w + c], x[(r-m)*w + c]), order 1-3 with a
        # FIR part, forward or backward, in place or not: over every
        # column (a nest, one call for it) or one column c alone (a single
        # loop at the run-time stride w). Named only (RECFUZZ_FORM=rcols).
        k, p = rng.randint(1, 3), rng.randint(0, 2)
        back = rng.random() < 0.4
        one = rng.random() < 0.4
        a = [C("a%d" % m, 1.0) for m in range(p + 1)]
        b = [C("b%d" % j, 0.9 / k) for j in range(1, k + 1)]
        sgn = "+" if back else "-"
        d = max(k, p)
        yi = lambda j: "y[(r %s %d) * w + c]" % (sgn, j) if j else "y[r * w + c]"
        xi = lambda m: "x[(r %s %d) * w + c]" % (sgn, m) if m else "x[r * w + c]"
        note.append("%s, order %d, fir %d, %s" % ("one column" if one else "every column", k, p,
                                                "backward" if back else "forward"))
        K.append("__attribute__((noinline)) T kern(T *y, const T *x, long h, T *st, long w, long c0%s) {" % params())
        ind = "  "
        if one:
            K.append("  long c = c0;")
        else:
            K.append("  for (long c = 0; c < w; c++) {")
            ind = "    "
        K.append(ind + ("for (long r = h - 1 - %d; r >= 0; r--)" % d if back else "for (long r = %d; r < h; r++)" % d))
        terms = ["%s * %s" % (a[m], xi(m)) for m in range(p + 1)] + ["%s * %s" % (b[j - 1], yi(j)) for j in range(1, k + 1)]
        K.append(ind + "  %s = %s;" % (yi(0), " + ".join(terms)))
        if not one:
            K.append("  }")
        K.append("  return y[c0];")
        K.append("}")
        # h rows of w elements within M (w * h <= M - 2P for a column read a row before its first)
        W1 = rng.choice([1, 2, 7, 64, 100])
        H = max(d + 2, min(n_big, (M - 100) // max(W1, 1)))
        Hs = min(H, 70, (M - 100) // (W1 + 3))
        calls = ["Y + P, X + P, %d, S, %d, %d" % (H, W1, W1 - 1), "Y + P, Y + P, %d, S, %d, 0" % (H, W1),
                 "Y + P, X + P, %d, S, %d, %d" % (Hs, W1 + 3, 1), "Y + P, X + P, %d, S, 0, 0" % Hs,
                 "Y + P + 1, Y + P, %d, S, %d, 0" % (H // 2, W1),  # x one element behind y
                 "Y + P, X + P, %d, S, %d, 0" % (n_small, W1)]
        dumps = ["Y", "X"]
    elif form == "narrow":
        # y[i + 2] = a0*x[i] + b1*y[i + 1] (+ b2*y[i]) with an unsigned char
        # or unsigned short counter i from an argument (a ring buffer's
        # index): runs that stay within the counter's range (replaced, the
        # check testing that i does not wrap), runs that wrap past it (the
        # loop as written), short, in place and overlapping runs. Named
        # only (RECFUZZ_FORM=narrow): not among the mixed draws.
        U = "unsigned short" if ask else rng.choice(["unsigned char", "unsigned short"])
        R = 65536 if U == "unsigned short" else 256
        k = rng.randint(1, 2)
        a0 = C("a0", 1.0)
        b = [C("b%d" % j, 0.9 / k) for j in range(1, k + 1)]
        note.append("%s counter, order %d" % (U, k))
        K.append("__attribute__((noinline)) T kern(T *y, const T *x, %s start, long n%s) {" % (U, params()))
        K.append("  %s i = start;" % U)
        K.append("  T last = 0;")
        K.append("  for (long t = 0; t < n; t++, i++) {")
        terms = ["%s * x[i]" % a0] + ["%s * y[i + %d]" % (b[j - 1], 2 - j) for j in range(1, k + 1)]
        K.append("    y[i + 2] = %s;" % " + ".join(terms))
        if live:
            K.append("    last = y[i + 2];")
        K.append("  }")
        K.append("  return last;")
        K.append("}")
        M = max(base, R + 8)
        s0 = rng.randint(0, 9)
        n_in = min(n_big, R - s0 - 3)
        calls = ["Y + P, X + P, %d, %d" % (s0, n_in), "Y + P, X + P, %d, %d" % (R - 40, 100),
                 "Y + P, X + P, %d, %d" % (s0, n_small), "X + P, X + P, %d, %d" % (s0, n_in),
                 "X + P + 1, X + P, %d, %d" % (s0, n_in - 8), "Y + P, X + P, %d, %d" % (R - 3, R + 50)]
        dumps = ["Y", "X"]
    elif form == "fixed":
        # One fixed element stored on every iteration beside the output
        # (`*last = s`, `f->last = s` through a struct pointer, a map of the
        # state and of w[i], a loop-invariant value), maps reading the loop's
        # counter (`y[i] = s / (i + 1)`, a running mean, `s + c*i`, `s * i`,
        # counting down `s / (n - i)`, from a run-time start i0), or both in
        # one loop; forward or backward, a `long` or `int` counter, order 1
        # (a sum, a*s + b*x[i], smoothing, the coefficient read from f->a)
        # or 2 in registers; a second fixed element (st[1] = s); near misses:
        # the fixed element stored conditionally or read back. The calls place the
        # fixed element apart, inside y, x, z or w, just before and just past
        # y's range, and w on y (the loop as written must run there). Named
        # only (RECFUZZ_FORM=fixed): not among the mixed draws.
        I_ = "int" if rng.random() < 0.3 else "long"
        fx = rng.random() < 0.7
        cm = not fx or rng.random() < 0.6
        struct = fx and rng.random() < 0.4
        dirn = rng.choice(["fwd", "fwd", "back", "start"])
        k = rng.choice([1, 1, 1, 2])
        c = lit(round(rng.uniform(-2, 2), 2), T) if isf else str(rng.choice([-7, -1, 2, 5]))
        if k == 1:
            sk = rng.choice(["sum", "ab", "smooth"] + (["member"] if struct else []))
            if sk == "sum":
                upd = "s += %s;" % rng.choice(["x[i]", "x[i]", "%s * x[i]" % C("b", 0.5)])
            elif sk == "ab" or sk == "smooth" and not isf:
                upd = "s = %s * s + %s * x[i];" % (C("a", 0.9), C("b"))
            elif sk == "smooth":
                a = Cpos("a", 0.05, 0.95)
                upd = "s = %s * s + (1 - %s) * x[i];" % (a, a)
            else:
                upd = "s = f->a * s + %s * x[i];" % C("b")
            note.append("state %s" % sk)
        else:
            upd = "T s = %s * x[i] + %s * s1 + %s * s2; s2 = s1; s1 = s;" % (C("b0"), C("b1", 0.45), C("b2", 0.45))
            note.append("state order 2")
        ip1 = {"fwd": "(i + 1)", "back": rng.choice(["(i + 1)", "(n - i)"]), "start": rng.choice(["(i + 1)", "(i - i0 + 1)"])}[dirn]
        if isf:
            # (no s * i, nor s * (i & 7): a float sum's rounding, within the
            # tolerance in y where the sum nears zero, times i is not (seeds
            # 54 and 148 of the first runs; the runtime the closer to exact)
            cmaps = ["s / %s" % ip1, "s / (T)%s" % ip1, "s / (T)((i & 7) + 1)", "s + %s * i" % c, "(s + x[i]) / %s" % ip1,
                     "s - i", "%s * s + (T)i" % c]
        else:
            cmaps = ["s / %s" % ip1, "s + i", "%s * s + i" % c, "(s >> 2) + i * %s" % c, "s - (T)i", "(s + x[i]) / %s" % ip1]
            if I_ == "long":
                cmaps.append("s * i")
        ystore, zstore = "s", None
        if cm:
            g = rng.choice(cmaps)
            if rng.random() < 0.5:
                ystore = g
            else:
                zstore = g
            note.append("counter map %s = %s" % ("y[i]" if zstore is None else "z[i]", g))
        fstore = None
        tgt = "f->last" if struct else "*last"
        if fx:
            pool = ["s", "s", "%s * s + w[i]" % c, "s + w[i]", "x[i] - s", "7" if not isf else lit(0.5, T), "kf"]
            if cm:
                pool.append(rng.choice(cmaps))
            fstore = rng.choice(pool)
            if fstore == "kf":
                args.append(("kf", round(rng.uniform(-2, 2), 3) if isf else rng.choice([-5, 3, 11])))
            note.append("%s = %s" % (tgt, fstore))
        nm = None
        if near and fx:
            nm = rng.choice(["two", "cond", "readback"])
            # (a second fixed element is taken: "two fixed elements", no near miss)
            note.append({"two": "a second fixed element (st[1] = s)", "cond": "near miss: the fixed element stored conditionally",
                         "readback": "near miss: the fixed element read back (%s += ...)" % tgt}[nm])
        if dirn != "fwd":
            note.append({"back": "backward", "start": "from a run-time start i0"}[dirn])
        note.append("%s counter" % I_)
        if struct:
            K.append("struct fst { T a; T last; };")
            K.append("static struct fst F;")
        fixp = "struct fst *f" if struct else "T *last"
        K.append("__attribute__((noinline)) T kern(T *y, T *z, const T *x, const T *w, %s, %s i0, %s n, T *st%s) {" %
                 (fixp, I_, I_, params()))
        if k == 1:
            K.append("  T s = %s;" % rng.choice(["st[0]", "0", lit(0.5, T) if isf else "3"]))
        else:
            K.append("  T s1 = st[0], s2 = st[1];")
        K.append({"fwd": "  for (%s i = 0; i < n; i++) {", "back": "  for (%s i = n - 1; i >= 0; i--) {",
                  "start": "  for (%s i = i0; i < n; i++) {"}[dirn] % I_)
        K.append("    " + upd)
        body = ["y[i] = %s;" % ystore]
        if zstore:
            body.append("z[i] = %s;" % zstore)
        if fstore:
            fs = "%s = %s;" % (tgt, fstore)
            if nm == "cond":
                fs = "if (x[i] > 0) " + fs
            elif nm == "readback":
                fs = "%s = %s + %s;" % (tgt, tgt, fstore)
            body.insert(rng.randrange(len(body) + 1), fs)
            if nm == "two":
                body.append("st[1] = s;")
        K += ["    " + b_ for b_ in body]
        K.append("  }")
        if live:
            K.append("  st[0] = %s;" % ("s" if k == 1 else "s1"))
        K.append("  return %s;" % ("s" if k == 1 else "s1"))
        K.append("}")
        i0 = rng.choice([0, 1, 3, 17]) if dirn == "start" else 0
        fa = (round(rng.uniform(-0.9, 0.9), 3) if isf else rng.choice([-3, -2, 2, 3]))

        def fix(addr):
            return ("(struct fst *)(%s)" % addr) if struct else addr
        sep = "&F" if struct else "S + 5"
        calls = [("Y + P, Z + P, X + P, W + P", sep, n_big), ("Y + P, Z + P, X + P, W + P", sep, n_small),
                 ("X + P, Z + P, X + P, W + P", sep, n_big),  # in place
                 ("Y + P, Z + P, X + P, W + P", fix("Y + P + 7"), n_big - 8),  # the element inside y
                 ("Y + P, Z + P, X + P, W + P", fix("Y + P + %d" % (n_big - 9)), n_big - 8),  # at y's last element
                 ("Y + P, Z + P, X + P, W + P", fix("X + P + 9"), n_big - 8),  # inside x: the loop reads what it wrote
                 ("Y + P, Z + P, X + P, W + P", fix("W + P + 3"), n_big - 8),  # inside the map input w
                 ("Y + P, Z + P, X + P, W + P", fix("Z + P + 11"), n_big - 8),  # inside z
                 ("Y + P, Z + P, X + P, W + P", fix("Y + P + %d" % (n_big - 8)), n_big - 8),  # just past y's range
                 ("Y + P, Z + P, X + P, W + P", fix("Y + P - 2"), n_big - 8),  # just before it
                 ("Y + P, Z + P, X + P, Y + P", sep, n_big - 8),  # w is y: a map reads the output
                 ("Y + P, Y + P + 2, X + P, W + P", sep, n_big - 8)]  # z inside y
        calls = ["%s, %s, %d, %d, S" % (a_, f_, i0, nn) for a_, f_, nn in calls]
        calls.append("Y + P, Z + P, X + P, W + P, %s, %d, %d, Y + P + 5" % (sep, i0, n_big - 8))  # the state inside y
        dumps = ["Y", "Z", "X", "W", "S"]
        if struct:
            fmt_ = '"%.9g %.9g\\n", (double)F.a, (double)F.last' if isf else '"%lld %lld\\n", (long long)F.a, (long long)F.last'
            prelude = "F.a = %s; F.last = %s;" % (lit(fa, T) if isf else str(fa), lit(0.25, T) if isf else "-4")
            postlude = "printf(%s);" % fmt_
    elif form in ("sep", "split"):
        # split (named only): the same kernels, most in registers, each
        # recurrence with a constant in its input term and/or its output a
        # map of its state (v * c + k), which no one call plan takes for
        # several recurrences: the loop is split into a loop per recurrence
        # (docs/pass.md, "Several recurrences split into a loop each").
        # Several independent recurrences in one loop, each its own state
        # and its own call (docs/pass.md, "Several recurrences, a call
        # each"): 2-4 interleaved channels of one array (y[C*i + c] over
        # x[C*i + c]) or 2-4 recurrences over separate arrays (y_j over
        # x_j); each in registers (states loaded from st[] and saved after
        # the loop or not) or in memory (y_j[i-1], y_j[i-2], an input tap
        # x_j[i-1]), order 1-2, its own coefficients (one signature for
        # every channel sometimes: then channels of one plr_run_many), the
        # stores in a drawn order. Near misses: one recurrence reads
        # another's state, before or after its update, or another's output
        # in memory (RecurrencesDependent or another refusal; the loop as
        # written must run). The calls: apart, short, every input one array,
        # in place (the whole loop, the first or the last recurrence), and
        # partially overlapping (an output inside another's input, two
        # outputs overlapping or one array, an input one element behind its
        # own output, the states inside an output): the fallback must run.
        T = rng.choice(["int", "unsigned", "long", "float", "double"])
        kind = TYPES[T][0]
        isf = kind == "f"
        uns = T.startswith("unsigned")
        chan = rng.random() < 0.5
        R = rng.randint(2, 4)
        same_sig = chan and rng.random() < 0.2
        ks = [rng.choice([1, 1, 2]) for _ in range(R)]
        if same_sig:
            ks = [ks[0]] * R
        split = form == "split"
        regs = [rng.random() < (0.85 if split else 0.5) for _ in range(R)]
        if same_sig:
            regs = [regs[0]] * R
        # (split: per recurrence, a constant in the input term, a map of
        # the state stored, both or neither)
        extra = [rng.choice(["", "const", "map", "both"]) if split and regs[j] else "" for j in range(R)]
        # (split: sometimes a store of no recurrence beside them, a copy of
        # the first input at another index, z[2*i + 1], which goes to a loop
        # of its own; drawn apart, so that the seeds drawn before keep their
        # kernels)
        plain = split and random.Random(seed * 7919 + 17).random() < 0.4
        ps = [0 if regs[j] else rng.choice([0, 0, 1]) for j in range(R)]
        if same_sig:
            ps = [ps[0]] * R
        co = []
        for j in range(R):
            if same_sig and j:
                co.append(co[0])
                continue
            a_ = [C("a%d_%d" % (j, m), 1.0) for m in range(ps[j] + 1)]
            b_ = [C("b%d_%d" % (j, i_), 0.9 / ks[j]) for i_ in range(1, ks[j] + 1)]
            co.append((a_, b_))
        start = rng.choice([0, 0, 2])
        lives = [live and rng.random() < 0.7 for _ in range(R)]
        if chan:
            yi = lambda j, d: "y[%d * (i - %d) + %d]" % (R, d, j) if d else "y[%d * i + %d]" % (R, j)
            xi = lambda j, d: "x[%d * (i - %d) + %d]" % (R, d, j) if d else "x[%d * i + %d]" % (R, j)
        else:
            yi = lambda j, d: "y%d[i - %d]" % (j, d) if d else "y%d[i]" % j
            xi = lambda j, d: "x%d[i - %d]" % (j, d) if d else "x%d[i]" % j
        dep = None
        order = list(range(R))
        rng.shuffle(order)
        if near:
            rd, rf = rng.sample(range(R), 2)  # rd reads rf's state
            dep = (rd, rf, C("c", 0.3))
            before = order.index(rf) > order.index(rd)
            if regs[rf]:
                what = "state s%d_1 %s its update" % (rf, "before" if before else "after")
                dexpr = "%s * s%d_1" % (dep[2], rf)
            else:
                dd = rng.choice([0, 1])
                what = "output %s%s" % (yi(rf, dd), " (not yet written this iteration)" if before and dd == 0 else "")
                dexpr = "%s * %s" % (dep[2], yi(rf, dd))
            note.append("near miss: recurrence %d reads recurrence %d's %s (%s)" %
                        (rd, rf, what, "RecurrencesDependent" if regs[rf] or dd == 0 and not before else
                         "read from memory: RecurrencesDependent or another refusal"))
        note.append("%d %s, %s" % (R, "interleaved channels" if chan else "recurrences over separate arrays",
                                   "one signature" if same_sig else "own signatures"))
        note.append(", ".join("%d: %s order %d%s%s%s" % (j, "regs" if regs[j] else "mem", ks[j], " fir %d" % ps[j] if ps[j] else "",
                                                         " live" if lives[j] else "", " " + extra[j] if extra[j] else "")
                              for j in range(R)))
        if start:
            note.append("from i = %d" % start)
        if plain:
            note.append("a plain copy z[2 * i + 1] beside")
        zp = ", T *z" if plain else ""
        if chan:
            K.append("__attribute__((noinline)) T kern(T *y, const T *x%s, long n, T *st%s) {" % (zp, params()))
        else:
            K.append("__attribute__((noinline)) T kern(%s%s, long n, T *st%s) {" %
                     (", ".join("T *y%d, const T *x%d" % (j, j) for j in range(R)), zp, params()))
        for j in range(R):
            if regs[j]:
                K.append("  " + " ".join("T s%d_%d = st[%d];" % (j, i_, 2 * j + i_ - 1) for i_ in range(1, ks[j] + 1)))
        K.append("  T last = 0;")
        K.append("  for (long i = %d; i < n; i++) {" % start)
        for j in order:
            a_, b_ = co[j]
            terms = ["%s * %s" % (a_[m], xi(j, m)) for m in range(ps[j] + 1)]
            if regs[j]:
                terms += ["%s * s%d_%d" % (b_[i_ - 1], j, i_) for i_ in range(1, ks[j] + 1)]
            else:
                terms += ["%s * %s" % (b_[i_ - 1], yi(j, i_)) for i_ in range(1, ks[j] + 1)]
            if dep and dep[0] == j:
                terms.append(dexpr)
            if extra[j] in ("const", "both"):
                terms.append(lit(round(rng.uniform(-2, 2), 2), T) if isf else str(rng.choice([-7, 3, 11])))
            if regs[j]:
                K.append("    T v%d = %s;" % (j, " + ".join(terms)))
                K += ["    s%d_%d = s%d_%d;" % (j, i_, j, i_ - 1) for i_ in range(ks[j], 1, -1)]
                K.append("    s%d_1 = v%d;" % (j, j))
                if extra[j] in ("map", "both"):
                    mc = lit(round(rng.uniform(-2, 2), 2), T) if isf else str(rng.choice([-3, 2, 5]))
                    K.append("    %s = v%d * %s + %s;" % (yi(j, 0), j, mc, lit(0.5, T) if isf else "1"))
                else:
                    K.append("    %s = v%d;" % (yi(j, 0), j))
            else:
                K.append("    %s = %s;" % (yi(j, 0), " + ".join(terms)))
        if plain:
            K.append("    z[2 * i + 1] = %s - %s;" % (xi(0, 0), lit(1.0, T) if isf else "1"))
        ret = [j for j in range(R) if lives[j]]
        if ret and not regs[ret[-1]]:
            K.append("    last = %s;" % yi(ret[-1], 0))
        K.append("  }")
        for j in ret:
            if regs[j]:
                K += ["  st[%d] = s%d_%d;" % (2 * j + i_ - 1, j, i_) for i_ in range(1, ks[j] + 1)]
        K.append("  return %s;" % (("s%d_1" % ret[-1]) if ret and regs[ret[-1]] else "last"))
        K.append("}")
        M = base * R
        if chan:
            calls = [("Y + P, X + P", n_big, "S"), ("Y + P, X + P", n_small, "S"), ("X + P, X + P", n_big, "S"),  # in place
                     ("X + P + 1, X + P", n_big - 8, "S"),  # each channel's output over the next one's input
                     ("Y + P, Y + P + %d" % (3 * R), n_big - 8, "S"),  # the input three steps ahead of the output
                     ("Y + P + %d, Y + P" % R, n_big - 8, "S"),  # the input one step behind: reads the outputs
                     ("Y + P, X + P", n_big - 8, "Y + P + 5")]  # the states inside the output
            calls = ["%s%s, %d, %s" % (c_[0], ", Z + P" if plain else "", c_[1], c_[2]) for c_ in calls]
        else:
            ys = ["Y + P + %d" % (j * base) for j in range(R)]
            xs = ["X + P + %d" % (j * base) for j in range(R)]

            def call(nn, st="S", **ch):
                y_, x_ = list(ys), list(xs)
                for key, v in ch.items():
                    (y_ if key[0] == "y" else x_)[int(key[1:])] = v
                return "%s%s, %d, %s" % (", ".join("%s, %s" % (y_[j], x_[j]) for j in range(R)),
                                         ", Z + P" if plain else "", nn, st)
            last = R - 1
            calls = [call(n_big), call(n_small),
                     call(n_big, **{"x%d" % j: "X + P" for j in range(R)}),  # one input for all
                     call(n_big, **{"x%d" % last: ys[last]}),  # the last recurrence in place
                     call(n_big, x0=ys[0]),  # the first in place
                     call(n_big, **dict(("x%d" % j, ys[j]) for j in range(R))),  # every one in place
                     call(n_big - 8, y1=xs[0] + " + 3"),  # an output inside another's input
                     call(n_big - 8, x1=ys[0] + " + 2"),  # an input inside another's output, ahead
                     call(n_big - 8, x0=ys[last] + " - 2"),  # an input inside another's output, behind
                     call(n_big - 8, y1=ys[0] + " + 5"),  # two outputs overlapping
                     call(n_big - 8, y1=ys[0]),  # two outputs one array
                     call(n_big - 8, x0=ys[0] + " - 1"),  # an input one element behind its own output
                     call(n_big - 8, st=ys[0] + " + 5")]  # the states inside an output
        dumps = ["Y", "X", "S"] + (["Z"] if plain else [])
    else:
        raise ValueError(form)

    fmt = '"%.9g\\n", (double)' if isf else '"%lld\\n", (long long)'
    L = ["/* recfuzz %s: %s */" % (form, "; ".join(note)), "#include <stdio.h>", "typedef %s T;" % T]
    L += K
    L.append("#define M %d" % M)
    L.append("#define P 48")
    L.append("static T X[M + 2 * P], Y[M + 2 * P], Z[M + 2 * P], W[M + 2 * P], V[M + 2 * P], S[16];")
    if Acoef is None:
        Acoef = [0] * 64
    L.append("static T A[64] = {%s};" % ", ".join(lit(float(v), T) if isf else str(v) for v in Acoef))
    L.append("__attribute__((optnone, noinline)) static void fill(unsigned r) {")
    L.append("  for (int i = 0; i < M + 2 * P; i++) { r = r * 1103515245u + 12345u;")
    if isf:
        L.append("    X[i] = (T)((int)(r >> 9) % 2001 - 1000) / 1000; Y[i] = (T)((int)(r >> 3) % 201 - 100) / 100;")
        L.append("    Z[i] = (T)((int)(r >> 12) % 2001 - 1000) / 1000; W[i] = (T)((int)(r >> 6) % 201 - 100) / 100;"
                 " V[i] = (T)((int)(r >> 15) % 2001 - 1000) / 1000; }")
        L.append("  for (int i = 0; i < 16; i++) S[i] = (T)((i % 5) - 2) / 4;")
    else:
        L.append("    X[i] = (T)((int)(r >> 9) % 201 - 100); Y[i] = (T)((int)(r >> 3) % 21 - 10);")
        L.append("    Z[i] = (T)((int)(r >> 12) % 201 - 100); W[i] = (T)((int)(r >> 6) % 21 - 10);"
                 " V[i] = (T)((int)(r >> 15) % 201 - 100); }")
        L.append("  for (int i = 0; i < 16; i++) S[i] = (T)(i % 5) - 2;")
    L.append("}")
    L.append("static void dump(const T *v, long n) { for (long i = 0; i < n; i++) printf(%s v[i]); }" % fmt)
    argv = "".join(", %s" % (lit(v, T) if isf else str(v)) for _, v in args)
    L.append("int main(void) {")
    for i, c_ in enumerate(calls):
        L.append("  fill(%d);" % (seed * 7 + i))
        if prelude:
            L.append("  " + prelude)
        L.append("  printf(%s kern(%s%s));" % (fmt, c_, argv))
        L.append("  " + " ".join("dump(%s, %s);" % (d_, "16" if d_ == "S" else "M + 2 * P") for d_ in dumps))
        if postlude:
            L.append("  " + postlude)
    L.append("  return 0;")
    L.append("}")
    return "\n".join(L) + "\n", kind, T


# ---------------------------------------------------------------------------
# Bounds kept in memory (`bound`; drawn for one mixed seed in sixteen by a
# draw of its own, after gen_new's): the kernel's trip-count bound read
# inside the loop through a struct pointer (`i < c->n`, `i <= c->n`,
# `i < c->n - 1`, backward `i > c->lo` / `i >= c->lo` from `c->n - 1`) or a
# pointer argument (`i < *np`, `i > *lop`), over the array form (order 1-3,
# FIR 0-2), rotated registers or the backward array form; the bound's type
# int, long, short or signed char, the data int, float or double. main()
# places the bound (the struct, or what np points to) at a byte address of
# its own for each call: in a separate struct, in the input, just before and
# just past the range the loop writes (the versioned copy must run), and
# inside that range (the bytes of the k-th element written, any byte of it
# for a narrow bound: the loop as written must run, and it stops early:
# the call zeroes the data the loop reads up to the bound's element, so the
# value stored over the bound is 0, or -0.0 whose bytes read as a negative
# or zero bound). A bound of another type than the data (neither a
# character type read through a pointer argument, nor T itself: clang's
# struct-path TBAA keeps a char struct member apart from int stores) is
# compiled with -fno-strict-aliasing in both builds (marked `cflags:` in
# the kernel's second line), unless the kernel is one whose calls keep the
# bound apart from the arrays (then type-based alias analysis hoists it and
# nothing is versioned); one kernel in five without strict aliasing anyway.
def gen_bound(seed):
    rng = random.Random("bound:%d" % seed)
    ask = asks(seed)
    T = rng.choice(["int", "float", "double"])
    kind = TYPES[T][0]
    isf = kind == "f"
    BT = rng.choice(["int", "int", "long", "short", "signed char"])
    sz = {"int": 4, "float": 4, "double": 8}[T]
    bsz = {"int": 4, "long": 8, "short": 2, "signed char": 1}[BT]
    bmax = {"int": 1 << 30, "long": 1 << 40, "short": 32767, "signed char": 127}[BT]
    shape = rng.choice(["array", "array", "regs", "back"])
    via = rng.choice(["struct", "struct", "ptr"])
    # (clang's struct-path TBAA keeps even a char member c->n apart from an
    # int or float store: only *np of a character type, or a bound of T
    # itself, may lie in the arrays under strict aliasing)
    typed = BT == T or BT == "signed char" and via == "ptr"
    apart = not typed and rng.random() < 0.25  # strict aliasing, the bound only in its own struct
    nsa = (not typed and not apart) or rng.random() < 0.2
    IT = rng.choice(["long", "long", "int"])
    live = rng.random() < 0.5
    args = []
    k = rng.randint(1, 3) if shape != "regs" else rng.randint(1, 2)
    p = rng.randint(0, 2)
    a = [coef(rng, kind, T, "a%d" % m, args, 1.0) for m in range(p + 1)]
    b = [coef(rng, kind, T, "b%d" % j, args, 0.9 / k) for j in range(1, k + 1)]
    params = "".join(", %s %s" % (T, n) for n, _ in args)
    note = ["%s data, %s bound" % (T, BT)]
    K = []
    K.append("struct cfg { %s n; %s lo; };" % (BT, BT))
    back = shape == "back"
    if back:
        test = rng.choice([">", ">="])
        if via == "struct":
            sig = "T *y, const T *x, struct cfg *c, T *st"
            hdr = "for (%s i = c->n - 1; i %s c->lo; i--)" % (IT, test)
            note.append("%s i = c->n - 1; i %s c->lo; i--" % (IT, test))
        else:
            sig = "T *y, const T *x, long hi, const %s *lop, T *st" % BT
            hdr = "for (%s i = hi; i %s *lop; i--)" % (IT, test)
            note.append("%s i = hi; i %s *lop; i--" % (IT, test))
        start = 0
        sub = 0
    else:
        start = rng.choice([0, 0, max(k, p)])
        sub = rng.choice([0, 0, 1, -1])  # `i < n - 1`, `i <= n`
        test = "<=" if sub == -1 else "<"
        bexpr = ("c->n" if via == "struct" else "*np") + (" - 1" if sub == 1 else "")
        if via == "struct":
            sig = "T *y, const T *x, struct cfg *c, T *st"
        else:
            sig = "T *y, const T *x, const %s *np, T *st" % BT
        hdr = "for (%s i = %d; i %s %s; i++)" % (IT, start, test, bexpr)
        note.append("%s i = %d; i %s %s; i++" % (IT, start, test, bexpr))
    note.append(shape + (", order %d, fir %d" % (k, p)))
    K.append("__attribute__((noinline)) T kern(%s%s) {" % (sig, params))
    K.append("  T last = 0;")
    if shape == "regs":
        K.append("  " + " ".join("T y%d = st[%d];" % (j, j - 1) for j in range(1, k + 1)) +
                 "".join(" T x%d = st[%d];" % (m, k + m - 1) for m in range(1, p + 1)))
        K.append("  %s {" % hdr)
        K += reg_body("    ", "x[i]", a, b, p, k, "y[i]")
    else:
        sg = "+" if back else "-"
        terms = ["%s * x[i %s %d]" % (a[m], sg, m) if m else "%s * x[i]" % a[0] for m in range(p + 1)]
        terms += ["%s * y[i %s %d]" % (b[j - 1], sg, j) for j in range(1, k + 1)]
        K.append("  %s {" % hdr)
        K.append("    y[i] = %s;" % " + ".join(terms))
    if live:
        K.append("    last = y[i];")
    K.append("  }")
    if shape == "regs" and live:
        K += ["  st[%d] = y%d;" % (j - 1, j) for j in range(1, k + 1)]
    K.append("  return last;")
    K.append("}")

    base = 6000 + (65536 if ask else 0)
    P = 48
    n_big = rng.choice([64, 65, 100, 1000, 4096, 5000]) + (65536 - 64 if ask else 0)
    n_big = min(n_big, bmax - 8)
    n_small = rng.choice([0, 1, 3, 10, 63])
    M = base + 512  # room for a narrow bound a stored value left larger (never more than 127 or 32767 elements past it)

    def first_last(N, lo):
        """The elements the loop writes with the bound's value N (lo for
        backward: written are lo+1 .. N-1, or lo .. N-1)."""
        if back:
            return (lo + (1 if test == ">" else 0), N - 1)
        return (start, N - 1 - sub)

    def align_up(v, al):
        return -(-v // al) * al

    # Each call: (array, byte offset of the bound from the array's P-th
    # element, N, lo, zero-to element or None); Yb/Xb the arrays, "B" apart.
    calls = []
    Nb = n_big
    # where the bound may lie inside an element the loop writes: any of its
    # bytes (aligned); for floating point not over the sign byte (-0.0 stored
    # there would read as a negative bound: a backward loop would not stop)
    boffs = [o for o in range(0, sz - bsz + 1, bsz) if not isf or o + bsz <= sz - 1]
    if back:
        lo = rng.choice([0, 0, 3, 10])
        calls.append(("B", 0, Nb, lo, None))
        calls.append(("B", 0, min(n_small + lo, Nb), lo, None))
        calls.append(("B", 0, lo, lo, None))  # nothing to do
        if not apart:
            f, l = first_last(Nb, lo)
            calls.append(("X", align_up(3 * sz, bsz), Nb, lo, None))
            calls.append(("Y", align_up((l + 1) * sz, bsz), Nb, lo, None))  # just past (above) the range
            off = ((f * sz) - bsz) // bsz * bsz  # just below the range
            if off >= -P * sz:
                calls.append(("Y", off, Nb, lo, None))
            for j in sorted({f, l, rng.randint(f, l)}):
                if j < f or j > l:
                    continue
                if bsz > sz or not boffs:
                    continue  # (a long over int: forward only)
                calls.append(("Y", j * sz + rng.choice(boffs), Nb, lo, j))
    else:
        calls.append(("B", 0, Nb, 0, None))
        calls.append(("B", 0, n_small, 0, None))
        calls.append(("B", 0, rng.choice([0, start, -1 if BT != "signed char" else 0]), 0, None))
        if not apart:
            f, l = first_last(Nb, 0)
            calls.append(("X", align_up(5 * sz, bsz), Nb, 0, None))
            calls.append(("Y", align_up((l + 1) * sz, bsz), Nb, 0, None))  # just past the range
            off = (f * sz - bsz) // bsz * bsz  # just before it
            calls.append(("Y", off, Nb, 0, None))
            for j in sorted({f, l, rng.randint(f, l)}):
                if bsz > sz:
                    jj = j - j % 2  # a long over two ints: the one with its low half
                    if jj < f:
                        jj += 2
                    if jj > l:
                        continue
                    calls.append(("Y", jj * sz, Nb, 0, jj))
                    continue
                if boffs:
                    calls.append(("Y", j * sz + rng.choice(boffs), Nb, 0, j))
    fl = ["-fno-strict-aliasing"] if nsa else []
    note.append("%d calls, %d inside the written range" % (len(calls), sum(1 for c_ in calls if c_[4] is not None)))
    fmt = '"%.9g\\n", (double)' if isf else '"%lld\\n", (long long)'
    L = ["/* recfuzz bound: %s */" % "; ".join(note), "/* cflags: %s */" % " ".join(fl), "#include <stdio.h>",
         "#include <string.h>", "typedef %s T;" % T]
    L += K
    L.append("#define M %d" % M)
    L.append("#define P %d" % P)
    L.append("static T X[M + 2 * P] __attribute__((aligned(64))), Y[M + 2 * P] __attribute__((aligned(64))), S[16];")
    L.append("static struct cfg B[2];")
    L.append("__attribute__((optnone, noinline)) static void fill(unsigned r) {")
    L.append("  for (int i = 0; i < M + 2 * P; i++) { r = r * 1103515245u + 12345u;")
    if isf:
        L.append("    X[i] = (T)((int)(r >> 9) % 2001 - 1000) / 1000; Y[i] = (T)((int)(r >> 3) % 201 - 100) / 100; }")
        L.append("  for (int i = 0; i < 16; i++) S[i] = (T)((i % 5) - 2) / 4;")
    else:
        L.append("    X[i] = (T)((int)(r >> 9) % 201 - 100); Y[i] = (T)((int)(r >> 3) % 21 - 10); }")
        L.append("  for (int i = 0; i < 16; i++) S[i] = (T)(i % 5) - 2;")
    L.append("}")
    L.append("static void dump(const T *v, long n) { for (long i = 0; i < n; i++) printf(%s v[i]); }" % fmt)
    L.append("static void dumpb(void) { printf(\"%ld %ld\\n\", (long)B[0].n, (long)B[0].lo); }")
    argv = "".join(", %s" % (lit(v, T) if isf else str(v)) for _, v in args)
    L.append("int main(void) {")
    for i, (arr, off, N, lo, zto) in enumerate(calls):
        L.append("  fill(%d);" % (seed * 7 + i))
        if zto is not None:
            # the data the loop reads up to the bound's element: zero (and
            # the registers' states), so the value stored over it is 0
            if back:
                L.append("  memset(X + P + %d, 0, (M + P - %d) * sizeof(T)); memset(Y + P + %d, 0, (M + P - %d) * sizeof(T));"
                         " memset(S, 0, sizeof S);" % (zto - 1, zto - 1, zto - 1, zto - 1))
            else:
                L.append("  memset(X, 0, (P + %d + 1) * sizeof(T)); memset(Y, 0, (P + %d + 1) * sizeof(T));"
                         " memset(S, 0, sizeof S);" % (zto, zto))
        member = "lo" if back else "n"
        if arr == "B":
            addr = "(char *)&B[0] + __builtin_offsetof(struct cfg, %s)" % member
        else:
            addr = "(char *)(%s + P) + %d" % (arr, off)
        if via == "struct":
            # the struct placed so that its bound member lies at addr
            L.append("  { struct cfg *c = (struct cfg *)(%s - __builtin_offsetof(struct cfg, %s));" % (addr, member))
            L.append("    c->n = %d; c->lo = %d;" % (N, lo) if back else "    c->n = %d;" % N)
            L.append("    printf(%s kern(Y + P, X + P, c, S%s)); }" % (fmt, argv))
        else:
            L.append("  { %s *q = (%s *)(%s); *q = %d;" % (BT, BT, addr, lo if back else N))
            L.append("    printf(%s kern(Y + P, X + P, %s, S%s)); }" % (fmt, "%d, q" % (N - 1) if back else "q", argv))
        L.append("  dump(Y, M + 2 * P); dump(X, M + 2 * P); dump(S, 16); dumpb();")
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


VERSIONED = [0]


def one(build, seed, work):
    src, kind, T = gen(seed)
    c = os.path.join(work, "k%d.c" % seed)
    open(c, "w").write(src)
    fl = ["-O2", "-w"] + (["-ffast-math"] if kind == "f" else [])
    m = re.search(r"^/\* cflags: (.*?) \*/$", src, re.M)  # (the bound form's -fno-strict-aliasing, both builds)
    fl += m.group(1).split() if m else []
    ref, plr = c[:-2] + ".ref", c[:-2] + ".plr"
    subprocess.run([CLANG] + fl + [c, "-o", ref], check=True)
    env = dict(os.environ, PLR_PASS_MIN_N="0")
    if asks(seed):
        del env["PLR_PASS_MIN_N"]
    lib = os.path.join(build, "lib")
    cp = subprocess.run([CLANG] + fl + ["-fpass-plugin=" + os.path.join(lib, "libPLRPass.so"), "-Rpass=plr",
                         "-Rpass-missed=plr"] + (["-Rpass-analysis=plr"] if src.startswith("/* recfuzz bound") else []) +
                        [c, "-L" + lib, "-lplr", "-Wl,-rpath," + lib, "-o", plr],
                        env=env, capture_output=True, text=True)
    if cp.returncode != 0:
        return "PLUGIN-COMPILE-FAIL", src, cp.stderr
    # Only the kernel's remarks count: main()'s loops (fill's generator,
    # once a recurrence with maps, now optnone) are not the kernel under test
    kend = next(j for j, l in enumerate(src.splitlines()) if l.startswith("#define M")) + 1
    inkern = lambda l: l.split(":")[1].isdigit() and int(l.split(":")[1]) < kend
    replaced = sum(1 for l in cp.stderr.splitlines() if "remark: replaced " in l and inkern(l))
    if replaced and any("read once before a copy of the loop" in l and inkern(l) for l in cp.stderr.splitlines()):
        VERSIONED[0] += 1  # (the bound form: replaced in the copy versioned on its bound)
    missed = [l for l in cp.stderr.splitlines() if "not replaced" in l]
    missed = [l for l in missed if inkern(l)] or ["(no remark on the kernel; elsewhere: %s)" % l for l in missed[:1]]
    # A reference that runs past its limit (a loaded machine) says nothing
    # about the pass: skipped, as csmith.sh skips them; a replaced program
    # that does so where its reference finished is a failure.
    try:
        a = subprocess.run([ref], capture_output=True, text=True, timeout=60).stdout
    except subprocess.TimeoutExpired:
        return "skipped-reference-timeout", src, ""
    renv = dict(os.environ)
    renv.pop("PLR_DEVICE", None)
    if not asks(seed):
        try:
            b = subprocess.run([plr], capture_output=True, text=True, timeout=60).stdout
        except subprocess.TimeoutExpired:
            return "TIMEOUT", src, cp.stderr
        if not same(a, b, kind, T):
            return "DIFFERENT", src, cp.stderr
        return ("ok-replaced" if replaced else "ok-not-replaced"), src, "\n".join(missed)
    # A forced device is always answered yes and called; auto may decline.
    asked = 0
    for dev in ("cpu", "auto"):
        e = dict(renv, PLR_VERBOSE="1")
        if dev != "auto":
            e["PLR_DEVICE"] = dev
        try:
            r = subprocess.run([plr], capture_output=True, text=True, timeout=120, env=e)
        except subprocess.TimeoutExpired:
            return "TIMEOUT", src, "PLR_DEVICE=%s\n%s" % (dev, cp.stderr)
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
            if verdict.startswith("skipped"):
                print("seed %d: %s" % (seed, verdict))
                continue
            if verdict.startswith("ok"):
                if verdict == "ok-not-replaced":
                    print("seed %d not replaced: %s" % (seed, info.strip().splitlines()[0] if info.strip() else "?"))
                    if src.startswith("/* recfuzz "):
                        print("  (%s)" % src.splitlines()[0][3:-3])
                continue
            bad += 1
            print("seed %d: %s" % (seed, verdict))
            print(src)
            print(info)
    for k in sorted(tally):
        print("%s: %d" % (k, tally[k]))
    if VERSIONED[0]:
        print("replaced in a copy versioned on its bound: %d" % VERSIONED[0])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
