#!/usr/bin/env python3
"""Independent reference values for ArmComparisonTests (run by hand; needs SciPy).

Friedman: scipy.stats.friedmanchisquare (its own tie correction); Iman–Davenport from its
statistic with scipy.stats.f. Signed-rank test: the Walsh-average statistic from its
definition, its null distribution by brute force over all 2^n sign patterns (not the Swift
counting recursion), the Hodges–Lehmann interval by scanning every shift where the statistic
changes (not the Swift walk). Holm: step-down by the definition. Prints Swift literals to paste
into the test.
"""
import itertools

from scipy import stats

DATA = {
    # blocks × arms; the second has ties inside blocks, the third a block of all ties.
    "distinct": [[1.0, 2.0, 3.0], [2.1, 1.9, 3.5], [0.5, 1.5, 2.2], [1.2, 2.8, 2.9], [0.9, 1.1, 3.3], [1.4, 1.6, 2.0]],
    "ties": [[1, 2, 2], [3, 3, 4], [1, 2, 3], [2, 2, 2.5], [1, 3, 3], [0, 1, 1], [2, 4, 4], [1, 1.5, 1.5]],
    "tied block": [[5, 5, 5, 5], [1, 2, 3, 4], [2, 1, 4, 3], [1, 3, 2, 4], [0.5, 0.7, 0.9, 0.6], [3, 3, 4, 4], [1, 2, 2, 5]],
}


def walsh(differences):
    return sorted((differences[i] + differences[j]) / 2 for i in range(len(differences)) for j in range(i, len(differences)))


def statistic(averages, shift):
    """T+ at a shift: the Walsh averages above it, ties counted half (Tukey's form of the
    signed-rank sum), straight from the definition."""
    return sum(1 for w in averages if w > shift) + 0.5 * sum(1 for w in averages if w == shift)


def null_p(n, t):
    """Two-sided p of a signed-rank sum t: brute force over the 2^n sign patterns of ranks 1…n
    (not the Swift counting recursion)."""
    sums = [sum(r for r, s in zip(range(1, n + 1), signs) if s) for signs in itertools.product([0, 1], repeat=n)]
    lower = sum(1 for s in sums if s <= t) / len(sums)
    upper = sum(1 for s in sums if s >= t) / len(sums)
    return min(1.0, 2 * min(lower, upper))


def signed_rank(differences):
    """p (largest just below, at and just above zero) and the Hodges–Lehmann estimate, on the
    non-zero differences (zeros carry no direction: Wilcoxon's convention)."""
    differences = [d for d in differences if d != 0]
    if not differences:
        return 1.0, 0.0
    averages = walsh(differences)
    gap = min([abs(w) for w in averages if w != 0] + [1]) / 2
    p = max(null_p(len(differences), statistic(averages, shift)) for shift in (-gap, 0.0, gap))
    m = len(averages)
    estimate = averages[m // 2] if m % 2 else (averages[m // 2 - 1] + averages[m // 2]) / 2
    return p, estimate


def interval(differences, alpha):
    """The closure of the shifts not rejected at alpha, by scanning every Walsh average and a
    point inside every gap between them (not the Swift walk over order statistics)."""
    differences = [d for d in differences if d != 0]
    averages = sorted(set(walsh(differences)))
    n = len(differences)
    candidates = [averages[0] - 1] + averages + [(a + b) / 2 for a, b in zip(averages, averages[1:])] + [averages[-1] + 1]
    accepted = [c for c in candidates if null_p(n, statistic(walsh(differences), c)) >= alpha]
    if averages[0] - 1 in accepted:
        return None
    low, high = min(accepted), max(accepted)
    # An accepted gap's point stands for the gap: its ends are the Walsh averages around it.
    low = max(a for a in averages if a <= low)
    high = min(a for a in averages if a >= high)
    return low, high


def holm(ps):
    m = len(ps)
    order = sorted(range(m), key=lambda i: (ps[i], i))
    adjusted = [1.0] * m
    running = 0.0
    for position, index in enumerate(order):
        running = max(running, min(1.0, (m - position) * ps[index]))
        adjusted[index] = running
    return adjusted


for name, rows in DATA.items():
    n, k = len(rows), len(rows[0])
    columns = list(zip(*rows))
    chi, p = stats.friedmanchisquare(*columns)
    f = (n - 1) * chi / (n * (k - 1) - chi)
    pf = stats.f.sf(f, k - 1, (k - 1) * (n - 1))
    pairs = [(a, b) for a in range(k) for b in range(a + 1, k)]
    differences = [[row[b] - row[a] for row in rows] for a, b in pairs]
    raw = [signed_rank(d) for d in differences]
    adjusted = holm([p for p, _ in raw])
    print(f"// {name}: n={n}, k={k}")
    print(f"friedman: {chi!r}, p: {p!r}, imanDavenport: {f!r}, p: {pf!r}")
    print("wilcoxon:", [repr(p) for p, _ in raw])
    print("holm:", [repr(x) for x in adjusted])
    print("estimate:", [repr(e) for _, e in raw])
    print("interval:", [interval(d, 0.05 * p / h) if h > 0 else None for d, (p, _), h in zip(differences, raw, adjusted)])
