#!/usr/bin/env bash
# The manifest matches the code: every module a target imports is declared among its
# dependencies in Package.swift, and every declared dependency is imported somewhere in the
# target. Toolchain modules (Foundation, Dispatch, Testing, …) need no declaration. Fails with
# one line per mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain='^(Foundation|FoundationEssentials|FoundationNetworking|FoundationXML|Dispatch|Glibc|Musl|Testing|XCTest|Synchronization|_Concurrency|Darwin)$'

# One line per target: "<kind> <name> <path or -> <dependency> <dependency> …" (products by their
# module name).
targets=$(awk '
    function flush() {
        if (text == "") return
        kind = text; sub(/\(.*/, "", kind); sub(/.*\./, "", kind)
        name = text; sub(/^[^"]*"/, "", name); sub(/".*/, "", name)
        deps = ""
        rest = text
        if (match(rest, /dependencies:[[:space:]]*\[/)) {
            rest = substr(rest, RSTART + RLENGTH)
            depth = 1; list = ""
            for (i = 1; i <= length(rest) && depth > 0; i++) {
                c = substr(rest, i, 1)
                if (c == "[") depth++
                if (c == "]") depth--
                if (depth > 0) list = list c
            }
            # .product(name: "X", package: "Y") names module X; plain strings are targets.
            gsub(/\.product\(name:[[:space:]]*"/, "\"", list)
            gsub(/package:[[:space:]]*"[^"]*"/, "", list)
            n = split(list, parts, "\"")
            for (j = 2; j <= n; j += 2) deps = deps " " parts[j]
        }
        path = "-"
        if (match(text, /path:[[:space:]]*"[^"]*"/)) { path = substr(text, RSTART, RLENGTH); sub(/path:[[:space:]]*"/, "", path); sub(/"$/, "", path) }
        print kind " " name " " path deps
        text = ""
    }
    /^[[:space:]]*\.(target|executableTarget|testTarget)\(/ { flush(); collecting = 1; text = ""; opens = 0 }
    collecting {
        text = text " " $0
        line = $0
        opens += gsub(/\(/, "(", line) - gsub(/\)/, ")", line)
        if (opens <= 0) { flush(); collecting = 0 }
    }
    END { flush() }
' Package.swift)

status=0
while read -r kind name path deps; do
    case $kind in
        testTarget) directory="Tests/$name" ;;
        *) directory="Sources/$name"; [ -d "$directory" ] || directory="Tests/$name" ;;  # test helpers live in Tests/
    esac
    [ "$path" = "-" ] || directory=$path
    [ -d "$directory" ] || { echo "check-manifest: $name: no folder $directory" >&2; status=1; continue; }
    imports=$(grep -rhoE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|internal|package)[[:space:]]+)?import[[:space:]]+(class |struct |enum |func |protocol )?[A-Za-z_0-9]+' "$directory" --include='*.swift' 2>/dev/null \
        | awk '{ print $NF }' | sort -u || true)
    # A C target reaches another through its headers: #include <name.h> of Sources/T/include.
    for header in $(grep -rhoE '#include [<"][A-Za-z_0-9]+\.h[>"]' "$directory" --include='*.c' --include='*.h' 2>/dev/null \
        | sed -E 's/#include [<"]([^>"]+)[>"]/\1/' | sort -u); do
        for found in Sources/*/include/"$header"; do
            owner=$(basename "$(dirname "$(dirname "$found")")")
            [ -f "$found" ] && [ "$owner" != "$name" ] && imports=$(printf '%s\n%s' "$imports" "$owner")
        done
    done
    for module in $imports; do
        [[ $module =~ $toolchain ]] && continue
        [[ " $deps " == *" $module "* ]] || { echo "check-manifest: $name imports $module, which Package.swift does not declare" >&2; status=1; }
    done
    # System-library targets are reached through headers; an executable dependency only orders
    # the build (tests run the built tool).
    for dependency in $deps; do
        [ -f "Sources/$dependency/module.modulemap" ] && continue
        grep -q "^executableTarget $dependency\b" <<<"$targets" && continue
        grep -qx "$dependency" <<<"$imports" || { echo "check-manifest: $name declares $dependency but never imports it" >&2; status=1; }
    done
done <<<"$targets"
[ $status -eq 0 ] && echo "check-manifest: $(wc -l <<<"$targets") targets, imports and dependencies agree"
exit $status
