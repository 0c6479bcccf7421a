#!/usr/bin/env python3
"""The public API against the last release's (make test runs it on its build, --build .build/release).

The API is what the library products reach: the portable modules, the OrbitBench umbrella and
every module it re-exports (`@_exported import` in Sources/OrbitBench/Exports.swift), and
OrbitBenchCLI. Each is dumped from the build's modules with swift-api-digester and diagnosed
against api/baseline/ (the dumps of the release named in api/baseline/RELEASE). A declaration
that moved between re-exported modules is not a break (`import OrbitBench` still finds it).

Every remaining breaking change must be named — the declaration's name, e.g. `ABComparison` or
`Bench.compare` — in CHANGELOG.md's "Unreleased" section, with its migration; the check fails
listing the ones that are not. Deprecated forwarding shims keep renamed API from breaking.

    scripts/check-api.py [--build .build/debug]        check
    scripts/check-api.py --update                      record the build's API as the baseline
                                                       (at a release; write RELEASE first)
"""
import argparse
import gzip
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "api/baseline"
PORTABLE = ["OrbitMath", "Fusion", "Capture", "Rephoto"]


def api_modules():
    exports = (ROOT / "Sources/OrbitBench/Exports.swift").read_text()
    umbrella = re.findall(r"^@_exported import (\w+)", exports, re.M)
    return sorted(set(PORTABLE + umbrella + ["OrbitBench", "OrbitBenchCLI"]))


def search_arguments(build):
    """Import paths for the digester: the build's Swift modules, the C modules' maps (system
    libraries in Sources/, C targets' generated maps, Yams' CYaml) and the C headers."""
    arguments = ["-I", str(build / "Modules")]
    for folder in sorted((ROOT / "Sources").iterdir()):
        if (folder / "module.modulemap").is_file():
            arguments += ["-I", str(folder)]
        if (folder / "include").is_dir():
            arguments += ["-Xcc", "-I", "-Xcc", str(folder / "include")]
    triple_build = build.resolve()
    for modulemap in sorted(triple_build.glob("*.build/module.modulemap")):
        arguments += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    # The dependencies' checkouts sit in the build's scratch folder (.build, or .build/test).
    checkouts = build.parent / "checkouts"
    for include in sorted(checkouts.glob("*/Sources/*/include")):
        if (include / "module.modulemap").is_file():
            arguments += ["-I", str(include)]
    flags = subprocess.run(["pkg-config", "--cflags-only-I", "gsl", "cairo", "hdf5", "libpng", "libjpeg", "libcrypto"],
                           capture_output=True, text=True).stdout.split()
    for flag in flags:
        arguments += ["-Xcc", flag]
    return arguments


def dump(module, build, folder):
    out = folder / f"{module}.json"
    result = subprocess.run(
        ["swift-api-digester", "-dump-sdk", "-avoid-location", "-abort-on-module-fail", "-module", module, "-o", str(out)]
        + search_arguments(build), capture_output=True, text=True)
    if result.returncode != 0 or not out.is_file():
        sys.exit(f"check-api: cannot dump {module}'s API from {build}: {(result.stderr or result.stdout).strip()[:300]}")
    return out


def names(node, path=()):
    """Every declaration's qualified name ("Bench.compare(_:arms:…)") in a dump."""
    found = set()
    for child in node.get("children", []):
        if child.get("kind") in ("Import", "TypeNominal", "TypeFunc", "TypeNameAlias"):
            continue
        name = child.get("printedName", child.get("name", ""))
        if child.get("kind") in ("TypeDecl", "Function", "Constructor", "Var", "TypeAlias", "Accessor", "Subscript", "AssociatedType"):
            qualified = path + (name,)
            found.add(".".join(qualified))
            found |= names(child, qualified)
    return found


def load(path):
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as handle:
        return json.load(handle)


FINDING = re.compile(r"^(\w[\w ]*?) ([\w.]+(?:\([^)]*\))?)(?: |$)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=".build/debug", help="the build folder whose Modules/ to read")
    parser.add_argument("--update", action="store_true", help="record this build's API as the baseline")
    options = parser.parse_args()
    build = (ROOT / options.build)
    modules = api_modules()
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        current = {module: dump(module, build, scratch) for module in modules}
        if options.update:
            BASELINE.mkdir(parents=True, exist_ok=True)
            for old in BASELINE.glob("*.json.gz"):
                old.unlink()
            for module, path in current.items():
                with open(path, "rb") as source, gzip.GzipFile(BASELINE / f"{module}.json.gz", "wb", mtime=0) as target:
                    shutil.copyfileobj(source, target)
            print(f"check-api: recorded the API of {len(modules)} modules in {BASELINE.relative_to(ROOT)}")
            return 0
        release = (BASELINE / "RELEASE").read_text().strip() if (BASELINE / "RELEASE").is_file() else "?"
        everywhere = set()
        for path in current.values():
            everywhere |= names(load(path)["ABIRoot"])
        findings = []
        for baseline in sorted(BASELINE.glob("*.json.gz")):
            module = baseline.name[: -len(".json.gz")]
            base = scratch / f"baseline-{module}.json"
            base.write_text(json.dumps(load(baseline)))
            now = current.get(module)
            if now is None:
                empty = scratch / f"empty-{module}.json"
                empty.write_text(json.dumps({"ABIRoot": {"kind": "Root", "name": module, "printedName": module, "children": []}}))
                now = empty
            result = subprocess.run(["swift-api-digester", "-diagnose-sdk", "-input-paths", str(base), "-input-paths", str(now)],
                                    capture_output=True, text=True)
            for line in (result.stdout + result.stderr).splitlines():
                line = line.strip()
                if not line or line.startswith("/*"):
                    continue
                match = FINDING.match(line)
                name = match.group(2) if match else line
                tail = ".".join(name.split(".")[-2:])
                if "has been removed" in line and any(known in (name, tail) or known.endswith("." + tail) for known in everywhere):
                    continue  # moved to another re-exported module (an extension there)
                # The name the changelog must hold: the declaration's path, without parameters
                # and without the accessor (".Set()": the property's setter).
                declaration = re.sub(r"\.(Get|Set|Modify)$", "", name.split("(")[0])
                findings.append((module, declaration, line))
        changelog = (ROOT / "CHANGELOG.md").read_text()
        unreleased = changelog.split("## [Unreleased]", 1)[1].split("\n## [", 1)[0] if "## [Unreleased]" in changelog else ""
        missing = [(module, name, line) for module, name, line in findings if name not in unreleased]
        for module, name, line in missing:
            print(f"check-api: {module}: {line} — CHANGELOG.md's Unreleased section does not name {name}", file=sys.stderr)
        print(f"check-api: {len(modules)} modules against release {release}: {len(findings)} breaking changes, "
              f"{len(findings) - len(missing)} named in CHANGELOG.md" + (f", {len(missing)} not" if missing else ""))
        return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
