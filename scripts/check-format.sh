#!/usr/bin/env bash
# Fails when a Swift file is not laid out as `make format` (swift-format with .swift-format)
# would lay it out; prints the first places. The formatter ships with the Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Plugins Fuzz/Sources Fuzz/Package.swift Examples/CustomSelector/Sources Examples/CustomSelector/Package.swift Package.swift)
findings=$(swift format lint -r --configuration .swift-format "${paths[@]}" 2>&1 || true)
if [ -n "$findings" ]; then
    echo "$findings" | head -20 >&2
    echo "check-format: the layout differs from .swift-format in $(grep -c . <<<"$findings") place(s); run: make format" >&2
    exit 1
fi
echo "check-format: every Swift file matches .swift-format"
