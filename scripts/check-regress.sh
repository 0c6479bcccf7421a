#!/usr/bin/env bash
# The regression benchmark as CI runs it, and as a copied binary runs it: the orbitbench of the
# build ($ORBITBENCH, default .build/debug/orbitbench) copied alone into an empty folder with the
# committed baseline, so the scenarios and the suite come from inside the binary and nothing
# is read from or written to the checkout. Exit code: regress's (0 no regression, 1 regression, 2 error).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${ORBITBENCH:-.build/debug/orbitbench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/orbitbench"
cp reports/baseline/metrics.csv "$work/baseline.csv"
before=$(git status --porcelain 2>/dev/null || true)
status=0
(cd "$work" && ./orbitbench regress --baseline baseline.csv --out regress) || status=$?
[ "$(git status --porcelain 2>/dev/null || true)" = "$before" ] || { echo "check-regress: regress wrote into the checkout" >&2; exit 2; }
exit $status
