#!/usr/bin/env bash
# Replaces the README's metric table with `orbitbench metrics --markdown` (a test fails when they disagree).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product orbitbench >/dev/null
.build/debug/orbitbench metrics --markdown > .build/metric-table.md
python3 - <<'PY'
import re
readme = open("README.md").read()
table = open(".build/metric-table.md").read()
begin = readme.index("a test fails when it is stale -->\n") + len("a test fails when it is stale -->\n")
end = readme.index("<!-- end of metric table -->")
open("README.md", "w").write(readme[:begin] + table + readme[end:])
PY
