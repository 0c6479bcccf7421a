#!/usr/bin/env bash
# Checks that the docs are true, with the tool itself:
#   1. every generated block of README.md and docs/**/*.md holds what its command gives now (scripts/docs/generated.py; scripts/update-docs.sh rewrites stale ones), and
#   2. every command shown in their shell blocks runs, and no two write the same output folder
#      (scripts/docs/doccommands.py), and
#   3. README's first-build duration was measured on the build as it is (scripts/first-build.py).
#
#   scripts/check-docs.sh           everything (make docs-check: release build, minutes)
#   scripts/check-docs.sh --fast    the cheap blocks, README's and the guides' quick commands
#                                   (make test: its release build with testing enabled)
#
# The binary is $ORBITBENCH, else .build/release/orbitbench, else .build/debug/orbitbench.
# Blocks on the real BROAD trials ($BROAD) are checked exactly with ORBITBENCH_BROAD_DATA=DIR,
# and without it run on the shipped trials for their tables' layout (said so).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/docs/binary.sh
case "${1:-}" in
    "" | --fast) ;;
    *) echo "usage: scripts/check-docs.sh [--fast]" >&2; exit 2 ;;
esac
status=0
python3 -B scripts/docs/generated.py check ${1:+"$1"} || status=1
python3 -B scripts/docs/doccommands.py ${1:+"$1"} || status=1
python3 -B scripts/first-build.py check || status=1
exit $status
