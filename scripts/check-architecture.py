#!/usr/bin/env python3
"""The architecture document against the code (make test runs it).

docs/ARCHITECTURE.md holds a table, "module | may import", between the markers
`<!-- imports: begin -->` and `<!-- imports: end -->`. This check fails, one line per finding:

- when a module folder under Sources/ or Examples/CustomSelector/Sources/ has no row, or a
  row names no folder (the example's targets may import the public products only: the main
  package compiles them, and that proves what the example's own build would);
- when a file of a module imports a module its row does not list (`toolchain` stands for the
  platform's own modules: Foundation, Dispatch, Synchronization, Glibc, Musl, Darwin; the
  portable modules list Foundation alone);
- when a module holds more than LIMIT lines of Swift and C (.swift, .c, .h).

scripts/check-manifest.sh keeps Package.swift equal to the imports, so the table also bounds
the declared dependencies.
"""
import re
import sys
from pathlib import Path

LIMIT = 4000
TOOLCHAIN = {"Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin"}
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+\s+)*(?:(?:public|internal|private|fileprivate|package)\s+)?import\s+"
    r"(?:(?:class|struct|enum|func|var|let|protocol|typealias)\s+)?([A-Za-z_][A-Za-z_0-9]*)", re.M)


def table(document):
    text = document.read_text()
    try:
        body = text.split("<!-- imports: begin -->", 1)[1].split("<!-- imports: end -->", 1)[0]
    except IndexError:
        sys.exit(f"check-architecture: {document}: no '<!-- imports: begin -->' … '<!-- imports: end -->' table")
    allowed = {}
    for line in body.splitlines():
        cells = [cell.strip().strip("`") for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or cells[0] in ("module", "") or set(cells[0]) <= {"-", ":"}:
            continue
        names = {name.strip().strip("`") for name in cells[1].split(",") if name.strip() not in ("", "–", "-")}
        if "toolchain" in names:
            names = (names - {"toolchain"}) | TOOLCHAIN
        allowed[cells[0]] = names
    return allowed


def module_name(folder):
    """A target's module name: its folder with '-' as '_' (SwiftPM's rule)."""
    return folder.name.replace("-", "_")


def main():
    root = Path(__file__).resolve().parent.parent
    allowed = table(root / "docs/ARCHITECTURE.md")
    folders = sorted(path for path in (root / "Sources").iterdir() if path.is_dir())
    folders += sorted(path for path in (root / "Examples/CustomSelector/Sources").iterdir() if path.is_dir())
    problems = []
    for folder in folders:
        if folder.name not in allowed:
            problems.append(f"{folder.relative_to(root)}: no row in docs/ARCHITECTURE.md's import table")
            continue
        lines = 0
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".swift", ".c", ".h") or not path.is_file():
                continue
            text = path.read_text(errors="replace")
            lines += text.count("\n") + (0 if text.endswith("\n") or not text else 1)
            if path.suffix != ".swift":
                continue
            for match in IMPORT.finditer(text):
                imported = match.group(1)
                if imported not in allowed[folder.name] and imported != module_name(folder):
                    line = text[:match.start()].count("\n") + 1
                    problems.append(
                        f"{path.relative_to(root)}:{line}: {folder.name} imports {imported}, which docs/ARCHITECTURE.md does not "
                        f"allow (may import: {', '.join(sorted(allowed[folder.name] - TOOLCHAIN)) or 'nothing but the toolchain'})")
        if lines > LIMIT:
            problems.append(f"{folder.relative_to(root)}: {lines} lines of Swift and C (the limit is {LIMIT}): split it by concern")
    for name in sorted(set(allowed) - {folder.name for folder in folders}):
        problems.append(f"docs/ARCHITECTURE.md: the import table names {name}, which is not a module folder")
    for problem in problems:
        print(f"check-architecture: {problem}", file=sys.stderr)
    if not problems:
        print(f"check-architecture: {len(folders)} modules, imports as docs/ARCHITECTURE.md allows, none above {LIMIT} lines")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
