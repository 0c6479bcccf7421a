#!/usr/bin/env bash
# Replaces the metric table in docs/reference/metrics.md with `orbitbench metrics --markdown` (a test fails when they disagree).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product orbitbench >/dev/null
.build/debug/orbitbench metrics --markdown > .build/metric-table.md
python3 - <<'PY'
import re
readme = open("docs/reference/metrics.md").read()
table = open(".build/metric-table.md").read()
begin = readme.index("a test fails when it is stale -->\n") + len("a test fails when it is stale -->\n")
end = readme.index("<!-- end of metric table -->")
open("docs/reference/metrics.md", "w").write(readme[:begin] + table + readme[end:])
PY
