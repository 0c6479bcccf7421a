#!/usr/bin/env bash
# Writes the report.html of every command that writes one, with small settings, into DIR:
# run (capture and rephoto), compare (A/B, three arms and a sweep's cells), sweep, tune, fusion of
# scenarios, of recordings and with their twin, thesis, regress, replay, calibrate and validate.
# Used by scripts/check-browser.sh (the pages in headless Chromium); prints one folder per line:
# "<name> <folder>".
# usage: Tests/Browser/make_pages.sh ORBITBENCH DIR
set -euo pipefail
bin=$1
out=$2
cd "$(dirname "$0")/../.."
mkdir -p "$out"
log="$out/commands.log"
: >"$log"
step() {
    local name=$1 folder=$2
    shift 2
    echo "+ orbitbench $*" >>"$log"
    if ! "$bin" "$@" >>"$log" 2>&1; then
        echo "make_pages: orbitbench $* failed: $(tail -n 1 "$log")" >&2
        exit 1
    fi
    echo "$name $folder"
}
trial=data/broad/24_disturbed_tapping_A.hdf5
step run "$out/run/shaky-hands" run shaky-hands --seeds 1-3 --out "$out/run" --quiet
step run-svg "$out/run-svg/shaky-hands" run shaky-hands --seeds 1-2 --figure-format svg --out "$out/run-svg" --quiet
step rephoto "$out/rephoto/rephoto-fountain" run rephoto-fountain --seeds 1-2 --out "$out/rephoto" --quiet
step compare "$out/compare" compare shaky-hands --a selection.threshold=6 --b selection.threshold=17 --seeds 1-4 --out "$out/compare" --quiet
step compare-arms "$out/compare-arms" compare shaky-hands --arm low:selection.threshold=4 --arm default: --arm high:selection.threshold=17 \
    --seeds 1-4 --out "$out/compare-arms" --quiet
step sweep "$out/sweep" sweep shaky-hands --vary selection.threshold=4:12:4 --seeds 1-2 --out "$out/sweep" --quiet
step compare-sweep "$out/compare-sweep" compare --sweep "$out/sweep" --require 'coverage>=0.9' --out "$out/compare-sweep" --quiet
step tune "$out/tune" tune shaky-hands --params selection.threshold --train-seeds 1-2 --test-seeds 3 --max-evaluations 6 --require 'coverage>=0.9' --out "$out/tune" --quiet
step fusion-scenarios "$out/fusion" fusion orbit-72 --filters madgwick,bias-estimating --seeds 1-2 --out "$out/fusion" --quiet
step fusion-recordings "$out/fusion-recordings" fusion --recording "$trial" --out "$out/fusion-recordings" --quiet
step fusion-twin "$out/fusion-twin" fusion --recording "$trial" --twin --seeds 1-2 --filters madgwick,bias-estimating --out "$out/fusion-twin" --quiet
step thesis "$out/thesis" thesis --out "$out/thesis" --quiet
cat >"$out/suite.yaml" <<'YAML'
description: Two scenarios, two seeds each (the browser check of regress's page).
scenarios:
  - {scenario: orbit-72, seeds: [1, 2]}
  - {scenario: shaky-hands, seeds: [1, 2]}
tolerances:
  - {metric: coverage, abs: 0.002}
  - {metric: max_gap_deg, abs: 0.5}
YAML
"$bin" regress --suite "$out/suite.yaml" --baseline "$out/baseline.csv" --update-baseline --out "$out/regress" --quiet >>"$log" 2>&1 ||
    { echo "make_pages: regress --update-baseline failed: $(tail -n 1 "$log")" >&2; exit 1; }
# A changed threshold: regress exits 1 when it finds a regression, and its page says so.
echo "+ orbitbench regress … --set selection.threshold=9" >>"$log"
status=0
"$bin" regress --suite "$out/suite.yaml" --baseline "$out/baseline.csv" --set selection.threshold=9 --out "$out/regress" --overwrite --quiet \
    >>"$log" 2>&1 || status=$?
[ "$status" -le 1 ] || { echo "make_pages: regress failed (exit $status): $(tail -n 1 "$log")" >&2; exit 1; }
echo "regress $out/regress"
"$bin" simulate shaky-hands --seed 3 --out "$out/simulate" >>"$log" 2>&1 || { echo "make_pages: simulate failed: $(tail -n 1 "$log")" >&2; exit 1; }
step replay "$out/replay" replay "$out/simulate/shaky-hands-seed-3/session" --scenario shaky-hands --out "$out/replay" --quiet
step calibrate "$out/calibrate" calibrate --recording "$trial" --out "$out/calibrate" --quiet
step validate "$out/validate" validate --fast --seeds 1-2 --recording "$trial" --out "$out/validate" --quiet
