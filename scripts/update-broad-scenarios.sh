#!/usr/bin/env bash
# Re-calibrates the shipped scenarios/broad-*.yaml on BROAD trials: `orbitbench validate` on
# every .hdf5 in DIR (the project's own trials: ../shared/data/broad), starting from the priors
# in scenarios/priors/; each group's in-sample scenario — the keys its trials show, the spread
# each seed draws them from, validate's 20 prediction seeds — becomes scenarios/broad-<group>.yaml.
# Every prior must get its calibration, and the shipped files are replaced only once all are
# written. Regenerate after changing the motion model, the sensor model or validate.
set -euo pipefail
dir=$(realpath "${1:?usage: scripts/update-broad-scenarios.sh DIR (BROAD .hdf5 trials with trials.json beside them)}")
binary=$(realpath "${ORBITBENCH:-$(dirname "$0")/../.build/release/orbitbench}")
cd "$(dirname "$0")/.."
unset ORBITBENCH_SCENARIOS  # the priors come from this checkout only
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
arguments=()
for file in "$dir"/*.hdf5; do [ -f "$file" ] && arguments+=(--recording "$file"); done
[ ${#arguments[@]} -gt 0 ] || { echo "no .hdf5 trials in $dir" >&2; exit 1; }
"$binary" validate "${arguments[@]}" --no-plots --quiet --out "$work/validate" >/dev/null
mkdir "$work/new"
for prior in scenarios/priors/broad-*.yaml; do
    name=$(basename "$prior" .yaml)
    calibrated="$work/validate/scenarios/${name#broad-}-in-sample.yaml"
    [ -f "$calibrated" ] || { echo "$dir has no trial of $name's group: nothing replaced" >&2; exit 1; }
    {
        sed -n '1,2p' "$calibrated"
        echo "# Shipped by scripts/update-broad-scenarios.sh from the in-sample fold of its prior,"
        echo "# scenarios/priors/$name.yaml; every seed draws the keys under spread: about their values."
        sed '1,2d' "$calibrated"
    } >"$work/new/$name.yaml"
    "$binary" scenario show "$work/new/$name.yaml" >/dev/null  # it must load before it is shipped
done
for file in "$work"/new/*.yaml; do
    mv "$file" "scenarios/$(basename "$file")"
    echo "wrote scenarios/$(basename "$file")"
done
