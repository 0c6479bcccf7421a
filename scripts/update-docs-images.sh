#!/usr/bin/env bash
# Regenerates the pictures of real output the README shows (docs/images/) by running the tool:
# the coverage figure of `orbitbench run shaky-hands --seeds 1-3`. Uses the release binary,
# building it first when it is missing ($ORBITBENCH picks another binary).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ORBITBENCH:-.build/release/orbitbench}
if [ ! -x "$bin" ]; then
    swift build -c release --product orbitbench >/dev/null
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin" run shaky-hands --seeds 1-3 --out "$out" --quiet >/dev/null
mkdir -p docs/images
cp "$out/shaky-hands/plots/coverage-polar.png" docs/images/coverage-polar-shaky-hands.png
echo "docs/images/coverage-polar-shaky-hands.png updated ($("$bin" --version))"
