"""race.py: railyard tune's first round recomputed from its report, as the
help and tune.c's comment state the method (race.sh).

With --games 256 and --completion 0 the race is one round of one segment:
every variant plays 256 games at every count, every variant is sure to meet
the objective, and the final counts are the counts the round judged. The
round spends alpha = 0.05 x 0.75; L is the greatest of the variants' lower
bounds at alpha / 2 / M (a bound: N x the least seat's one-sided Wilson
bound, the worst over the counts); each other variant's p-value is S (the
seats summed over the counts) times the least, over counts and seats, of the
score test's p that the seat's share lies below L / N; Holm's step-down at
alpha / 2 drops them. A seat's wins are read back from the report (the least
seat's: balance x completed games / N).

  python3 race.py REPORT.json...   prints one line a report; exit 1 when the
  variants the report calls worse are not those the method drops
"""
import json
import math
import sys
from statistics import NormalDist

ALPHA = 0.05 * 0.75
N01 = NormalDist()


def z_upper(a):
    return N01.inv_cdf(1 - a)


def wilson_lo(k, n, z):
    if n == 0 or k == 0:
        return 0.0
    p, z2 = k / n, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half)


def below_p(k, n, c):
    ph = k / n if n else 1
    if not n or c <= 0 or ph >= c:
        return 1.0
    if c >= 1:
        return 0.0
    return 0.5 * math.erfc((c - ph) * math.sqrt(n) / math.sqrt(c * (1 - c)) / math.sqrt(2))


def check(path):
    rep = json.load(open(path))
    assert rep["rounds"] == 1 and rep["games_cap"] == 256, "one round of 256 games"
    var = sorted(rep["variants"], key=lambda v: v["variant"])
    cells = []          # per variant: [(N, n, least)]
    for v in var:
        cl = []
        for c in v["players"]:
            N, g = c["players"], c["games"]
            assert g == 256
            n = round(c["completion"] * g)
            cl.append((N, n, round(c["balance"] * n / N)))
        cells.append(cl)
    M = len(var)
    S = sum(c[0] for c in cells[0])
    z_lo = z_upper(ALPHA / 2 / M)
    lower = [min(N * wilson_lo(k, n, z_lo) for N, n, k in cl) for cl in cells]
    top = max(range(M), key=lambda i: (lower[i], -i))
    L = lower[top]
    said = {v["variant"] for v in var if v["result"].startswith("worse")}

    def dropped(seats, stepdown):
        """the variants dropped: with the seats' factor given, Holm's
        step-down or each at alpha / 2; whether a p-value lies at its cut"""
        tests = sorted((min(1.0, seats * min(below_p(k, n, L / N) for N, n, k in cells[i])), i)
                       for i in range(M) if i != top)
        out, near = set(), False
        for j, (p, i) in enumerate(tests):
            cut = ALPHA / 2 / (len(tests) - j if stepdown else 1)
            near |= abs(p - cut) < 1e-6 * cut
            if p > cut:
                break
            out.add(var[i]["variant"])
        return out, near

    drop, near = dropped(S, True)
    ok = said == drop and not near
    other = (dropped(S, False)[0] != drop, dropped(1, True)[0] != drop)
    print("%s: %d variants, L %.4f; dropped by the method %s, by tune %s%s%s"
          % (path.rsplit("/", 1)[-1], M, L, sorted(drop), sorted(said),
             "" if ok else "  <- DIFFERS" if not near else "  <- a p-value at its threshold",
             "".join(w for w, o in zip(("; without the step-down not", "; without the seats' factor not"), other) if o)))
    return ok, other


bad = holm = seats = 0
for f in sys.argv[1:]:
    ok, (h, st) = check(f)
    bad += not ok
    holm += h
    seats += st
# the reports must be able to tell the method from its weakenings, else the
# check above proves little
print("reports that differ: %d; where the step-down decides: %d, the seats' factor: %d"
      % (bad, holm, seats))
sys.exit(1 if bad or not holm or not seats else 0)
