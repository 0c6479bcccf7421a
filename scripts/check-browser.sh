#!/usr/bin/env bash
# The pages orbitbench writes, in a real browser (headless Chromium driven by chromedriver,
# W3C WebDriver over HTTP from Python's standard library):
# 1. The spin viewer: runs a short capture (incomplete-orbit, one seed: empty slots and a large
#    gap), writes its viewer with `orbitbench view DIR --html` and runs Tests/Browser/viewer_test.py
#    on it: the page's style and script are the files of assets/viewer/; keys, a pointer drag,
#    the wheel, the ring's empty slots, image and placeholder, hostile names.
# 2. Every command's report.html (Tests/Browser/make_pages.sh writes them with small settings),
#    checked by Tests/Browser/report_test.py at 1400 px and 390 px: no sideways scrolling, every
#    figure embedded and loaded, what ran at the top, captions, figures open at full size.
# Leaves screenshots in .build/browser-test/.
# Installs chromium, chromium-driver and python3 with apt-get only when they are missing
# (directly as root, through sudo otherwise). `make test` runs it after the unit tests.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

fail() {
    echo "check-browser: error: $*" >&2
    exit 1
}

# --- tools, installed only when missing --------------------------------------------------
missing=()
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
if [ ${#missing[@]} -gt 0 ]; then
    echo "check-browser: installing missing system packages: ${missing[*]}" >&2
    command -v apt-get >/dev/null 2>&1 ||
        fail "apt-get not found; install these packages with your system's package manager: ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then
        run=()
    elif command -v sudo >/dev/null 2>&1 && { [ -t 0 ] || sudo -n true 2>/dev/null; }; then
        run=(sudo)
    else
        fail "not root and sudo is unavailable; as root run: apt-get install -y ${missing[*]}"
    fi
    "${run[@]}" apt-get update -qq
    "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    for tool in python3 chromium chromedriver; do
        command -v "$tool" >/dev/null 2>&1 || fail "'$tool' is still missing after installing ${missing[*]}"
    done
fi

# The command that writes the page of each name of make_pages.sh.
command_of() {
    case "$1" in
        rephoto) echo run ;;
        compare-*) echo compare ;;
        run-*) echo run ;;
        fusion-*) echo fusion ;;
        *) echo "$1" ;;
    esac
}

# --- a short capture and its viewer ------------------------------------------------------
started=$(date +%s)
# $ORBITBENCH: a binary already built (make test's); else the debug build, built here.
if [ -n "${ORBITBENCH:-}" ]; then
    bin=$(cd "$(dirname "$ORBITBENCH")" && pwd)/$(basename "$ORBITBENCH")
else
    echo "check-browser: building orbitbench" >&2
    "${SWIFT:-swift}" build --product orbitbench >/dev/null || fail "swift build --product orbitbench failed"
    bin="$root/.build/debug/orbitbench"
fi
[ -x "$bin" ] || fail "no orbitbench at $bin"
out="$root/.build/browser-test"
rm -rf "$out"
mkdir -p "$out/pages"
work=$(mktemp -d "${TMPDIR:-/tmp}/orbitbench-viewer.XXXXXX")
driver_pid=""

# Direct children of a process, read from /proc (no procps needed).
children_of() {
    local stat line fields
    for stat in /proc/[0-9]*/stat; do
        read -r line 2>/dev/null <"$stat" || continue
        read -ra fields <<<"${line##*) }"
        if [ "${fields[1]:-}" = "$1" ]; then
            stat=${stat#/proc/}
            echo "${stat%/stat}"
        fi
    done
}
descendants_of() {
    local child
    for child in $(children_of "$1"); do
        echo "$child"
        descendants_of "$child"
    done
}
# Stops the chromedriver this script started and every process under it (Chromium), by pid.
stop_driver() {
    [ -n "$driver_pid" ] || return 0
    local pids
    read -ra pids <<<"$driver_pid $(descendants_of "$driver_pid" | tr '\n' ' ')"
    kill -TERM "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 50); do
        kill -0 "${pids[@]}" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "${pids[@]}" 2>/dev/null || true
    wait "$driver_pid" 2>/dev/null || true
    driver_pid=""
}
cleanup() {
    stop_driver
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Rendered frames (run --render, small for speed): the page shows real pictures; `view --html`
# then writes the viewer again, as a user would for an older run folder.
"$bin" run incomplete-orbit --seeds 1 --no-plots --quiet --render --render-width 320 --out "$work/run" >"$work/run.log" 2>&1 ||
    fail "orbitbench run incomplete-orbit failed: $(tail -n 1 "$work/run.log")"
run="$work/run/incomplete-orbit"
"$bin" view "$run" --html >"$work/view.log" 2>&1 || fail "orbitbench view --html failed: $(tail -n 1 "$work/view.log")"
[ -s "$run/viewer/index.html" ] || fail "orbitbench view --html wrote no $run/viewer/index.html"

# --- chromedriver on a free port, with its own temporary folder ----------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/tmp" "$work/profile"
TMPDIR="$work/tmp" chromedriver --port="$port" --log-path="$work/chromedriver.log" >/dev/null 2>&1 &
driver_pid=$!

status=0
python3 Tests/Browser/viewer_test.py --driver "http://127.0.0.1:$port" --chromium "$(command -v chromium)" \
    --profile "$work/profile" --run "$run" --orbitbench "$bin" --assets "$root/assets/viewer" --work "$work" \
    --screenshot "$out/viewer.png" || status=$?
if [ "$status" -ne 0 ]; then
    if [ "$status" -ne 1 ] && [ -s "$work/chromedriver.log" ]; then
        echo "check-browser: the last lines of chromedriver's log:" >&2
        tail -n 15 "$work/chromedriver.log" >&2
    fi
    fail "the spin viewer failed in the browser (Tests/Browser/viewer_test.py, exit $status)"
fi
stop_driver
[ -s "$out/viewer.png" ] || fail "no screenshot at $out/viewer.png"
echo "check-browser: the spin viewer works (screenshot $out/viewer.png)"

# --- every command's report.html --------------------------------------------------------------
Tests/Browser/make_pages.sh "$bin" "$work/pages" >"$work/pages.txt" || fail "Tests/Browser/make_pages.sh failed"
pages=()
while read -r name folder; do
    pages+=("$name=$folder=$(command_of "$name")")
done <"$work/pages.txt"
[ ${#pages[@]} -gt 0 ] || fail "Tests/Browser/make_pages.sh wrote no pages"
TMPDIR="$work/tmp" chromedriver --port="$port" --log-path="$work/chromedriver.log" >/dev/null 2>&1 &
driver_pid=$!
status=0
python3 Tests/Browser/report_test.py --driver "http://127.0.0.1:$port" --chromium "$(command -v chromium)" \
    --profile "$work/profile-pages" --screenshots "$out/pages" "${pages[@]}" || status=$?
if [ "$status" -ne 0 ]; then
    if [ "$status" -ne 1 ] && [ -s "$work/chromedriver.log" ]; then
        echo "check-browser: the last lines of chromedriver's log:" >&2
        tail -n 15 "$work/chromedriver.log" >&2
    fi
    fail "a report page failed in the browser (Tests/Browser/report_test.py, exit $status)"
fi
stop_driver
echo "check-browser: ${#pages[@]} report pages and the spin viewer work in $(chromium --version 2>/dev/null | head -n 1) ($(($(date +%s) - started)) s); screenshots in $out/pages"
