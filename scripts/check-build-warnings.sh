#!/usr/bin/env bash
# Fails when a build log shows compiler warnings located in the project's own sources
# (dependencies' warnings are not ours to fix). Usage: check-build-warnings.sh BUILD_LOG
set -euo pipefail
log=${1:?usage: check-build-warnings.sh BUILD_LOG}
root=$(cd "$(dirname "$0")/.." && pwd)
if grep -E "^$root/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u | grep .; then
    echo "build-warnings: the project's own code has compiler warnings (listed above)" >&2
    exit 1
fi
