# Sourced by the docs scripts: picks the orbitbench binary ($ORBITBENCH, else the release build,
# else the debug build) and exports it as ORBITBENCH; stops when there is none.
if [ -z "${ORBITBENCH:-}" ]; then
    for candidate in .build/release/orbitbench .build/debug/orbitbench; do
        if [ -x "$candidate" ]; then ORBITBENCH=$candidate; break; fi
    done
fi
if [ -z "${ORBITBENCH:-}" ] || [ ! -x "$ORBITBENCH" ]; then
    echo "no orbitbench binary: build it first (swift build -c release --product orbitbench)" >&2
    exit 2
fi
export ORBITBENCH
