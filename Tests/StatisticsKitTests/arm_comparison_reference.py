#!/usr/bin/env python3
"""Independent reference values for ArmComparisonTests (run by hand; needs SciPy).

Friedman: scipy.stats.friedmanchisquare (its own tie correction); Iman–Davenport from its
statistic with scipy.stats.f. Wilcoxon signed-rank: brute force over all 2^n sign patterns
of the mid-ranked non-zero differences (not SciPy's, not the Swift counting recursion).
Holm: step-down by the definition. Prints Swift literals to paste into the test.
"""
import itertools

from scipy import stats

DATA = {
    # blocks × arms; the second has ties inside blocks, the third a block of all ties.
    "distinct": [[1.0, 2.0, 3.0], [2.1, 1.9, 3.5], [0.5, 1.5, 2.2], [1.2, 2.8, 2.9], [0.9, 1.1, 3.3], [1.4, 1.6, 2.0]],
    "ties": [[1, 2, 2], [3, 3, 4], [1, 2, 3], [2, 2, 2.5], [1, 3, 3], [0, 1, 1], [2, 4, 4], [1, 1.5, 1.5]],
    "tied block": [[5, 5, 5, 5], [1, 2, 3, 4], [2, 1, 4, 3], [1, 3, 2, 4], [0.5, 0.7, 0.9, 0.6], [3, 3, 4, 4], [1, 2, 2, 5]],
}


def midranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for p in range(i, j + 1):
            ranks[order[p]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def wilcoxon_brute(differences):
    nonzero = [d for d in differences if abs(d) > 1e-12]
    if not nonzero:
        return 1.0
    ranks = midranks([abs(d) for d in nonzero])
    observed = sum(r for r, d in zip(ranks, nonzero) if d > 0)
    total = 2 ** len(nonzero)
    sums = [sum(r for r, s in zip(ranks, signs) if s) for signs in itertools.product([0, 1], repeat=len(nonzero))]
    lower = sum(1 for s in sums if s <= observed + 1e-9) / total
    upper = sum(1 for s in sums if s >= observed - 1e-9) / total
    return min(1.0, 2 * min(lower, upper))


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
    raw = [wilcoxon_brute([row[b] - row[a] for row in rows]) for a, b in pairs]
    print(f"// {name}: n={n}, k={k}")
    print(f"friedman: {chi!r}, p: {p!r}, imanDavenport: {f!r}, p: {pf!r}")
    print("wilcoxon:", [repr(x) for x in raw])
    print("holm:", [repr(x) for x in holm(raw)])
