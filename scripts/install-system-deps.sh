#!/usr/bin/env bash
# Installs the C libraries OrbitBench links against, only when pkg-config cannot find them.
# Debian/Ubuntu (apt-get); runs apt-get directly as root, through sudo otherwise.
set -euo pipefail

# pkg-config module -> Debian package
modules=(gsl libpng zlib cairo hdf5 libjpeg libcrypto)
declare -A package_of=([gsl]=libgsl-dev [libpng]=libpng-dev [zlib]=zlib1g-dev [cairo]=libcairo2-dev [hdf5]=libhdf5-dev [libjpeg]=libjpeg-dev [libcrypto]=libssl-dev)

missing=()
if ! command -v pkg-config >/dev/null 2>&1; then
    missing+=(pkg-config)
    for module in "${modules[@]}"; do missing+=("${package_of[$module]}"); done
else
    for module in "${modules[@]}"; do
        pkg-config --exists "$module" || missing+=("${package_of[$module]}")
    done
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "orbitbench: installing missing system packages: ${missing[*]}" >&2
if ! command -v apt-get >/dev/null 2>&1; then
    echo "orbitbench: error: apt-get not found; install these packages with your system's package manager: ${missing[*]}" >&2
    exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
    run=()
elif command -v sudo >/dev/null 2>&1 && { [ -t 0 ] || sudo -n true 2>/dev/null; }; then
    run=(sudo)
else
    echo "orbitbench: error: not root and sudo is unavailable; as root run: apt-get install -y ${missing[*]}" >&2
    exit 1
fi
"${run[@]}" apt-get update -qq
"${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

for module in "${modules[@]}"; do
    if ! pkg-config --exists "$module"; then
        echo "orbitbench: error: pkg-config still cannot find '$module' after installing ${package_of[$module]}" >&2
        exit 1
    fi
done
