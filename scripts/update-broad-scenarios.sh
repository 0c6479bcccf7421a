#!/usr/bin/env bash
# Re-calibrates the shipped scenarios/broad-*.yaml on BROAD trials: `orbitbench validate` on
# every .hdf5 in DIR (the project's own trials: ../shared/data/broad), then each group's
# in-sample scenario — the keys its trials show, and the spread each seed draws them from —
# becomes scenarios/broad-<group>.yaml, with 20 seeds (the prediction validate reports).
# Regenerate after changing the motion model, the sensor model or validate's calibration.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/update-broad-scenarios.sh DIR (BROAD .hdf5 trials with trials.json beside them)}
binary=${ORBITBENCH:-.build/release/orbitbench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
arguments=()
for file in "$dir"/*.hdf5; do arguments+=(--recording "$file"); done
"$binary" validate "${arguments[@]}" --no-plots --quiet --out "$work/validate" >/dev/null
seeds=$(seq -s ', ' 1 20)
for file in "$work"/validate/scenarios/*-in-sample.yaml; do
    group=$(basename "$file" -in-sample.yaml)
    target=scenarios/broad-$group.yaml
    [ -f "$target" ] || { echo "no $target for validate's group $group" >&2; exit 1; }
    {
        sed -n '1,2p' "$file"
        echo "# Shipped by scripts/update-broad-scenarios.sh from the in-sample fold; every seed draws the"
        echo "# keys under spread: about their values, as validate's predictions do."
        sed '1,2d' "$file" | sed "s/^seeds: .*/seeds: [$seeds]/"
    } >"$work/$group.yaml"
    "$binary" scenario show "$work/$group.yaml" >/dev/null  # it must load before it replaces the shipped one
    mv "$work/$group.yaml" "$target"
    echo "wrote $target"
done
