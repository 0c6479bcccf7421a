#!/usr/bin/env bash
# Rewrites the generated blocks of README.md and docs/**/*.md by running the tool: every
# `<!-- generated: COMMAND … -->` … `<!-- end generated -->` block gets what its `orbitbench …`
# command prints or writes now (scripts/docs/generated.py). scripts/check-docs.sh fails when a
# block differs from that text.
#
#   scripts/update-docs.sh              every block (release binary; a few minutes)
#   scripts/update-docs.sh --fast       only the blocks make test checks
#   scripts/update-docs.sh NAME…        only these blocks
#
# The binary is $ORBITBENCH, else .build/release/orbitbench, else .build/debug/orbitbench (both
# give identical numbers). Blocks on the real BROAD trials need ORBITBENCH_BROAD_DATA=DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/docs/binary.sh
exec python3 -B scripts/docs/generated.py update "$@"
