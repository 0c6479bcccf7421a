#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets of Fuzz/ (release, -sanitize=fuzzer,address) and runs
# each for FUZZ_SECONDS (default 60) or until FUZZ_RUNS executions, whichever comes first
# (FUZZ_TARGETS picks some, e.g. "scenario hdf5"; FUZZ_SKIP_BUILD=1 reuses the build). Each
# target starts from Fuzz/corpus/<target> and grows a working corpus in .build/fuzz/<target>.
# A crash, leak or timeout is saved to Fuzz/regressions/<target>/: commit it with the fix,
# and make test replays it against the release-mode readers from then on (fuzz-replay).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"scenario mapping mapped-csv euroc report-csv thesis recording-json hdf5 report-manifest sweep-digest"}
runs=${FUZZ_RUNS:--1}
if [ -z "${FUZZ_SKIP_BUILD:-}" ]; then
    scripts/install-system-deps.sh
    swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
fi
bin=Fuzz/.build/release
status=0
for target in $targets; do
    work=.build/fuzz/$target
    mkdir -p "$work" "Fuzz/regressions/$target"
    log=.build/fuzz/$target.log
    # libhdf5 itself crashes and allocates gigabytes on some damaged files (the tool reads HDF5
    # in a capped child process for that reason): keep fuzzing past those findings, each saved.
    # Its own small leaks on damaged files are suppressed (Fuzz/lsan-hdf5.supp).
    extra=()
    leaks=""
    [ "$target" = hdf5 ] && extra=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1) && leaks="suppressions=$PWD/Fuzz/lsan-hdf5.supp"
    echo "fuzz-$target: ${seconds} s"
    # -rss_limit_mb: an input that needs more than 2 GB is a finding, not a machine to swap.
    if ! LSAN_OPTIONS="$leaks" "$bin/fuzz-$target" "$work" "Fuzz/corpus/$target" -max_total_time="$seconds" -runs="$runs" -rss_limit_mb=2048 -timeout=10 \
        -max_len=65536 -artifact_prefix="Fuzz/regressions/$target/" -print_final_stats=1 "${extra[@]}" >"$log" 2>&1; then
        status=1
        echo "fuzz-$target: FOUND A PROBLEM (see $log; the input is in Fuzz/regressions/$target/)"
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log" | sed "s/^/  /" || true
done
exit $status
