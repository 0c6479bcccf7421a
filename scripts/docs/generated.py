"""Generated blocks in the markdown pages: finds them, fills them by running the tool, and
either writes them back (update) or reports every block whose text differs (check). The blocks
hold what the tool itself prints or writes — this script runs commands and pastes, it computes
nothing.

A block in README.md or docs/**/*.md is

    <!-- generated: COMMAND (scripts/update-docs.sh; a test fails when it is stale) -->
    …what COMMAND gives…
    <!-- end generated -->

(indented as a whole inside a list item; the text then gets the markers' indent), where COMMAND is

    orbitbench ARGS                      its printed output
    orbitbench ARGS :: FILE              the file FILE it wrote (run with --out <scratch> --quiet)
    orbitbench ARGS :: FILE#HEADING      the section of FILE under the heading HEADING
    CustomSelector ARGS :: FILE          Examples/CustomSelector's program; `{out}` in ARGS is
                                         the folder FILE is read from

followed by any of `[fast]` (cheap enough for `make test`'s debug build) and `[exits N]` (the
exit code expected besides 0). In ARGS, `$BROAD` stands for the BROAD trials: every .hdf5 in
$ORBITBENCH_BROAD_DATA, or else the ones the repository ships in data/broad. Blocks that use it
are generated from the full set; without $ORBITBENCH_BROAD_DATA they are still run, on the
shipped trials (`validate` with --fast: its layout does not depend on the seeds), and their
tables' layout (header rows) is checked, said so in the summary.

Usage: generated.py update|check [--fast] [COMMAND…]
  --fast     only the blocks marked [fast]
  COMMAND…   only these blocks
"""

import difflib
import glob
import os
import re
import shlex
import sys
import time
from pathlib import Path

from toolrun import ROOT, Tool, ToolError

SUFFIX = "(scripts/update-docs.sh; a test fails when it is stale)"
BEGIN = re.compile(r"^(?P<indent> *)<!-- generated: (?P<name>.+?) " + re.escape(SUFFIX) + r" -->$")
END = "<!-- end generated -->"
# CustomSelector is the example package's program, from the same build as $ORBITBENCH (main() sets it).
PROGRAMS = {"orbitbench": None, "CustomSelector": None}


class Block:
    def __init__(self, page, name, indent, first, last, text):
        # first/last: line indexes of the two marker lines; text: what lies between them, less
        # the markers' indent.
        self.page, self.name, self.indent = page, name, indent
        self.first, self.last, self.text = first, last, text
        command = name
        self.fast, self.codes = False, [0]
        while True:
            match = re.search(r"\s*\[([a-z]+)(?: (\d+))?\]$", command)
            if not match:
                break
            if match[1] == "fast":
                self.fast = True
            elif match[1] == "exits" and match[2]:
                self.codes.append(int(match[2]))
            else:
                sys.exit(f"{self.where}: unknown flag [{match[1]}] (known: [fast], [exits N])")
            command = command[:match.start()]
        command, _, target = command.partition(" :: ")
        self.file, _, self.heading = target.partition("#")
        words = shlex.split(command)
        if not words or words[0] not in PROGRAMS:
            sys.exit(f"{self.where}: a generated block names a command of {', '.join(PROGRAMS)}, not {command!r}")
        self.program, self.args = words[0], words[1:]
        self.broad = "$BROAD" in command

    @property
    def where(self):
        return f"{self.page.relative_to(ROOT)}:{self.first + 1}"


def pages():
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def blocks_of(page):
    lines = page.read_text().split("\n")
    found, open_block = [], None
    for index, line in enumerate(lines):
        if line.lstrip(" ").startswith("<!-- generated:"):
            match = BEGIN.match(line)
            if not match:
                sys.exit(f"{page.relative_to(ROOT)}:{index + 1}: a generated marker must read "
                         f"`<!-- generated: COMMAND {SUFFIX} -->`")
            if open_block:
                sys.exit(f"{page.relative_to(ROOT)}:{index + 1}: generated block inside "
                         f"the block of line {open_block[2] + 1}")
            open_block = (match["name"], match["indent"], index)
        elif line.lstrip(" ") == END:
            if not open_block:
                sys.exit(f"{page.relative_to(ROOT)}:{index + 1}: `{END}` without its start")
            name, indent, first = open_block
            if line != indent + END:
                sys.exit(f"{page.relative_to(ROOT)}:{index + 1}: `{END}` indented unlike its start")
            inside = [l[len(indent):] if l.startswith(indent) else l for l in lines[first + 1:index]]
            text = "\n".join(inside)
            found.append(Block(page, name, indent, first, index, text + "\n" if text else ""))
            open_block = None
    if open_block:
        sys.exit(f"{page.relative_to(ROOT)}:{open_block[2] + 1}: generated block without `{END}`")
    return found


def broad_folder():
    """The BROAD trials the blocks use and whether they are the full set ($ORBITBENCH_BROAD_DATA)."""
    folder = os.environ.get("ORBITBENCH_BROAD_DATA")
    return (Path(folder), True) if folder else (ROOT / "data/broad", False)


def arguments(block):
    """The block's arguments with $BROAD expanded to the trial files (and `validate` made fast
    where only the layout is checked)."""
    folder, full = broad_folder()
    expanded = []
    for word in block.args:
        if "$BROAD" in word:
            matches = sorted(glob.glob(word.replace("$BROAD", str(folder))))
            if not matches:
                raise ToolError(f"{word}: no BROAD trials in {folder}")
            expanded += matches
        else:
            expanded.append(word)
    if block.broad and not full and expanded[:1] == ["validate"] and "--fast" not in expanded:
        expanded.insert(1, "--fast")
    return tuple(expanded)


def section(text, heading, where):
    """The part of a markdown text under `heading` (any level), up to the next heading of the
    same or a higher level."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        match = re.match(r"^(#+) (.*)$", line)
        if match and match[2].strip() == heading:
            level, body = len(match[1]), []
            for rest in lines[index + 1:]:
                other = re.match(r"^(#+) ", rest)
                if other and len(other[1]) <= level:
                    break
                body.append(rest)
            return "\n".join(body).strip("\n") + "\n"
    raise ToolError(f"{where}: no heading {heading!r} in the file")


def render(block, tool):
    """The text the block should hold now."""
    binary = PROGRAMS[block.program]
    if binary is not None and not Path(binary).exists():
        raise ToolError(f"{binary} is not built: swift build -c release --product {block.program} (or the build of $ORBITBENCH)")
    result = tool.run(*arguments(block), out=bool(block.file), codes=tuple(block.codes), binary=str(binary) if binary else None)
    if not block.file:
        text = result.stdout
    else:
        path = result.file(block.file)
        if not path.is_file():
            raise ToolError(f"`{block.name}` wrote no {block.file}")
        text = path.read_text()
        if block.heading:
            text = section(text, block.heading, block.where)
    return text.rstrip("\n") + "\n"


def layout(text):
    """A text's table header rows (a line starting with | followed by a |---| rule), counts in
    them (how many trials a group has) written as N."""
    lines = text.split("\n")
    return [re.sub(r"\d+", "N", line) for line, below in zip(lines, lines[1:]) if line.startswith("|") and re.match(r"^\|\s*-", below)]


def all_blocks():
    found = [block for page in pages() for block in blocks_of(page)]
    return found


def main(argv):
    mode = argv[0] if argv else ""
    if mode not in ("update", "check"):
        sys.exit(__doc__)
    fast = "--fast" in argv[1:]
    names = [a for a in argv[1:] if a != "--fast"]
    started = time.monotonic()
    blocks = all_blocks()
    unknown = set(names) - {block.name for block in blocks}
    if unknown:
        sys.exit(f"no block named {', '.join(sorted(unknown))}")
    blocks = [b for b in blocks if (not names or b.name in names) and (not fast or b.fast)]
    _, full_broad = broad_folder()
    if mode == "update" and not full_broad and any(b.broad for b in blocks):
        sys.exit("the blocks on $BROAD are generated from the full trial set: set ORBITBENCH_BROAD_DATA=DIR")
    binary = os.environ.get("ORBITBENCH")
    if not binary:
        sys.exit("set ORBITBENCH to the orbitbench binary (scripts/update-docs.sh does)")
    tool = Tool(binary)
    PROGRAMS["CustomSelector"] = Path(binary).resolve().parent / "CustomSelector"
    stale, failed, layout_only = [], [], 0
    try:
        for block in blocks:
            try:
                text = render(block, tool)
            except ToolError as error:
                failed.append(block)
                print(f"{block.where}: {block.name}: {error}", file=sys.stderr)
                continue
            if block.broad and not full_broad:
                layout_only += 1
                if layout(text) != layout(block.text):
                    stale.append((block, text))
            elif text != block.text:
                stale.append((block, text))
    finally:
        tool.close()
    if mode == "update":
        # Rewrite from the end of each page backwards, so earlier blocks keep their line numbers.
        for block, text in sorted(stale, key=lambda s: (str(s[0].page), -s[0].first)):
            lines = block.page.read_text().split("\n")
            lines[block.first + 1:block.last] = [block.indent + line if line else line
                                                 for line in text.rstrip("\n").split("\n")]
            block.page.write_text("\n".join(lines))
            print(f"{block.where}: updated")
    else:
        for block, text in stale:
            what = "table layout" if block.broad and not full_broad else "block"
            print(f"{block.where}: generated {what} of `{block.name}` is stale; "
                  f"scripts/update-docs.sh rewrites it from the tool's output:", file=sys.stderr)
            old, new = (layout(block.text), layout(text)) if what == "table layout" else (block.text.splitlines(), text.splitlines())
            diff = difflib.unified_diff(old, new, "in the page", "from the tool now", lineterm="", n=0)
            print("\n".join(f"    {line}" for line in diff), file=sys.stderr)
    slowest = "; ".join(f"{seconds:.1f} s {command[:70]}" for seconds, command in sorted(tool.log, reverse=True)[:3])
    print(f"generated blocks: {len(blocks)} {'checked' if mode == 'check' else 'rendered'}"
          + (f" ({layout_only} on $BROAD checked for their tables' layout on the shipped trials; "
             f"ORBITBENCH_BROAD_DATA=DIR checks their figures)" if layout_only else "")
          + f", {len(stale)} {'stale' if mode == 'check' else 'rewritten'}, {len(failed)} failed, "
          f"{len(tool.log)} commands in {time.monotonic() - started:.1f} s"
          + (f" (slowest: {slowest})" if slowest else ""))
    if failed or (mode == "check" and stale):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
