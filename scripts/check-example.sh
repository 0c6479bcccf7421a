#!/usr/bin/env bash
# Runs Examples/CustomSelector (a package of its own that depends on OrbitBench by path) and
# checks what it printed: every number in a plausible range, and the plugged-in selector and
# filter really changed the results. Its targets are compiled by the main package's build (they
# import the public products only, which scripts/check-architecture.py holds them to), so its
# programs are in the build folder ($EXAMPLE_BIN, default .build/debug); its own manifest is
# checked here to resolve against this package.
set -euo pipefail
cd "$(dirname "$0")/.."
example=${EXAMPLE_BIN:-.build/debug}
swift package --package-path Examples/CustomSelector describe --type json >/dev/null \
    || { echo "check-example: Examples/CustomSelector/Package.swift does not resolve against this package" >&2; exit 1; }
table=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$table" "$work"' EXIT
"$example/CustomSelector" "$table" "$work/report" | tee "$work/stdout"
grep -q "identical metrics" "$work/stdout" || { echo "check-example: a selector by name and as a value disagree" >&2; exit 1; }
for file in metrics.csv frames.csv slots.csv summary.json recording.json plots/coverage-polar.png; do
    [ -s "$work/report/$file" ] || { echo "check-example: the report lacks $file" >&2; exit 1; }
done
# The code sample in README ("Bring your own code") is this example's code, line for line.
sample=$(awk '/^## Bring your own code/ { inside = 1 } inside && /^```swift$/ { block = 1; next } block && /^```$/ { exit } block' README.md)
[ "$(grep -c . <<<"$sample")" -ge 5 ] || { echo "check-example: README's Swift sample is missing or shorter than 5 lines" >&2; exit 1; }
while IFS= read -r line; do
    grep -qxF -- "$line" Examples/CustomSelector/Sources/CustomSelector/main.swift || { echo "check-example: README line not in the example: $line" >&2; exit 1; }
done <<<"$sample"

# The team's own command line: its selector and filter by name in run and fusion.
cli=$example/custom-orbitbench
"$cli" run orbit-72 --set selection.selector=lowest-blur --seeds 1 --no-plots --out "$work" >/dev/null
grep -q '"selector" : "lowest-blur"' "$work/orbit-72/summary.json" || { echo "check-example: custom-orbitbench run did not use lowest-blur" >&2; exit 1; }
"$cli" fusion orbit-72 --filters gyro-only --seeds 1 --no-plots --out "$work/fusion" >/dev/null
grep -q ',gyro-only,' "$work/fusion/fusion.csv" || { echo "check-example: custom-orbitbench fusion did not run gyro-only" >&2; exit 1; }
"$cli" sweep shaky-hands --vary selection.selector=outer-circle,lowest-blur --seeds 1 --no-plots --out "$work/sweep" >/dev/null
[ "$(cut -d, -f3 "$work/sweep/sweep.csv" | tail -n +2 | tr '\n' ' ')" = "outer-circle lowest-blur " ] || { echo "check-example: sweep over selectors failed" >&2; exit 1; }
# A plug-in parameter: weighting the offset from the slot centre must pull frames to the centre.
"$cli" sweep orbit-72 --set selection.selector=lowest-blur --vary selection.parameters.offset_weight=0:1:1 --seeds 1-2 --no-plots --out "$work/parameter" >/dev/null
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "slot_angle_err_mean_deg") c = i; next }
         { sum[$3] += $c; n[$3]++ }
         END { a = sum[0] / n[0]; b = sum[1] / n[1]
               if (!(b < a - 0.2)) { print "check-example: offset_weight 1 did not centre the frames (" a "° → " b "°)" > "/dev/stderr"; exit 1 }
               printf "check-example: selection.parameters.offset_weight 0 → 1: slot angle error %.2f° → %.2f°\n", a, b }' "$work/parameter/sweep.csv"
awk -F, '
    function fail(message) { print "check-example: " message > "/dev/stderr"; failed = 1 }
    NR == 1 { next }
    {
        rows++
        key = $1 "/" $2
        coverage[key] = $3; slot[key] = $4; blurSel[key] = $5; blurAll[key] = $6; incl[key] = $7
        if ($3 <= 0.3 || $3 > 1) fail(key ": coverage " $3 " outside (0.3, 1]")
        if ($4 < 0 || $4 > 15) fail(key ": slot angle error " $4 "° outside [0, 15]")
        if ($5 <= 0 || $5 > 50 || $6 <= 0 || $6 > 50) fail(key ": blur " $5 "/" $6 " px outside (0, 50]")
        if ($7 <= 0 || $7 > 45) fail(key ": inclination RMSE " $7 "° outside (0, 45]")
    }
    END {
        if (rows != 6) fail("expected 6 rows, found " rows)
        split("orbit-72 shaky-hands", scenarios, " ")
        for (i in scenarios) {
            s = scenarios[i]
            builtIn = s "/outer-circle + bias-estimating"; selector = s "/lowest-blur + bias-estimating"; filter = s "/outer-circle + gyro-only"
            if (blurSel[selector] == blurSel[builtIn] && slot[selector] == slot[builtIn]) fail(s ": the plugged-in selector changed nothing")
            if (incl[filter] - incl[builtIn] < 0.2) fail(s ": gyro-only integration should drift more than the bias-estimating filter")
            if (incl[selector] != incl[builtIn]) fail(s ": the selector changed the fusion accuracy")
        }
        if (blurSel["shaky-hands/lowest-blur + bias-estimating"] >= blurSel["shaky-hands/outer-circle + bias-estimating"]) fail("lowest-blur selection is not sharper on shaky-hands")
        if (failed) exit 1
        print "check-example: 6 rows plausible; plugged-in selector and filter change the results"
    }' "$table"
