"""The runs' % of a copy (their stdout.txt, as the device tool returned it)
-> one CSV: run, variant, rows_pf, lanes_pf, form, n, round, pct.
usage: collect.py EXPDIR > prefetch.csv"""
import re
import sys

# each run's variants: name -> (rows prefetch, lanes prefetch); the library's
# build is "bin" in every run
PF = {
    "run2": {"bin": (0, 0), "pf2": (2, 2), "rd2": (0, 0), "rd2pf2": (2, 2)},
    "run3": {"bin": (2, 0), "l1": (2, 1), "r3": (3, 0), "r4": (4, 0)},
    "run4": {"bin": (2, 1), "off": (0, 0), "r1": (1, 1)},
    "run5": {"bin": (1, 1), "off": (0, 0)},
}
NOTE = {"rd2": "rows 2 tiles between the passes", "rd2pf2": "rows 2 tiles between the passes"}
ABBR = [("ps", "prefix sum"), ("lp", "low-pass"), ("hp", "high-pass")]


def canonical(form):
    """one name a form whatever a run's log called it ("2-tuple ps i32",
    "2-tuple"; "ps f32 f32", "ps f32")"""
    t = [w for w in form.split() if w != "i32"]
    t = [w for i, w in enumerate(t) if i == 0 or w != t[i - 1]]
    if len(t) > 1 and t[-1] == "f32" and t[0] != "ps":
        t = t[:-1]
    if len(t) > 1 and t[1] == "ps" and t[0] != "ps":
        t = t[:1] + t[2:]
    form = " ".join(t)
    for a, b in ABBR:
        form = re.sub(rf"\b{a}\b", b, form)
    return "prefix sum i32" if form == "prefix sum" else form


d = sys.argv[1]
print("run,variant,rows_pf,lanes_pf,note,form,n,round,pct")
for run, variants in PF.items():
    try:
        text = open(f"{d}/{run}-h200/stdout.txt").read()
    except FileNotFoundError:
        text = ""
    # run4/run5: "== NAME round R  2^24: a 1.0; b 2.0" lines, then "2^30: ..."
    cur = None
    for line in text.splitlines():
        m = re.match(r"== (\w+) round (\d)\s+2\^(\d+): (.*)", line)
        if m:
            cur = (m.group(1), m.group(2))
            body = [(m.group(3), m.group(4))]
        else:
            m = re.match(r"\s+2\^(\d+): (.*)", line)
            if not (m and cur):
                continue
            body = [(m.group(1), m.group(2))]
        for n, items in body:
            for it in items.split(";"):
                it = it.strip()
                mm = re.match(r"(.+) ([\d.]+)$", it)
                if not mm:
                    continue
                form = canonical(mm.group(1))
                rp, lp = variants.get(cur[0], ("", ""))
                print(f'{run},{cur[0]},{rp},{lp},"{NOTE.get(cur[0], "")}","{form}",{2 ** int(n)},{cur[1]},{mm.group(2)}')
