#!/usr/bin/env bash
# Regenerates the pictures of real output the README and docs show (docs/images/) by running the
# tool: the coverage figure of `orbitbench run shaky-hands --seeds 1-3` and the critical-difference
# diagram of the three-arm comparison in docs/guides/comparing.md. Uses the release binary,
# building it first when it is missing ($ORBITBENCH picks another binary).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ORBITBENCH:-.build/release/orbitbench}
if [ ! -x "$bin" ]; then
    swift build $(cat scripts/release-flags) --product orbitbench >/dev/null
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin" run shaky-hands --seeds 1-3 --out "$out" --quiet >/dev/null
mkdir -p docs/images
cp "$out/shaky-hands/plots/coverage-polar.png" docs/images/coverage-polar-shaky-hands.png
"$bin" compare shaky-hands orbit-72 --arm low:selection.threshold=4 --arm default: --arm high:selection.threshold=17 \
    --seeds 1-10 --out "$out/arms" --quiet >/dev/null
cp "$out/arms/plots/critical-difference.png" docs/images/critical-difference-thresholds.png
echo "docs/images/{coverage-polar-shaky-hands,critical-difference-thresholds}.png updated ($("$bin" --version))"
