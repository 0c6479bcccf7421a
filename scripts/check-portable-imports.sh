#!/usr/bin/env bash
# The portable modules are what would ship inside the phone app: they may import Foundation
# and each other only (docs/ARCHITECTURE.md). Fails with the offending file and import.
set -euo pipefail
cd "$(dirname "$0")/.."
allowed='^(Foundation|OrbitMath|Fusion|Capture|Rephoto)$'
status=0
for module in OrbitMath Fusion Capture Rephoto; do
    [ -d "Sources/$module" ] || continue
    while IFS=: read -r file line text; do
        imported=$(sed -E 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*(public |internal |private |fileprivate |package )?import[[:space:]]+(class |struct |enum |func |var |let |protocol |typealias )?([A-Za-z_0-9]+).*/\4/' <<<"$text")
        if ! [[ $imported =~ $allowed ]]; then
            echo "portable-imports: $file:$line imports '$imported' (portable modules may import Foundation and each other only)" >&2
            status=1
        fi
    done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|internal|private|fileprivate|package)[[:space:]]+)?import[[:space:]]' "Sources/$module" --include='*.swift' || true)
done
exit $status
