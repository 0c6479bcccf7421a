"""Generated blocks in the markdown pages: finds them, fills them by running the tool, and
either writes them back (update) or reports every block whose text differs (check).

A block in README.md or docs/**/*.md is

    <!-- generated: NAME (scripts/update-docs.sh; a test fails when it is stale) -->
    …text the script writes…
    <!-- end generated -->

(indented as a whole inside a list item; the text then gets the markers' indent), where NAME is
either a recipe of scripts/docs/recipes.py (it runs the tool and turns its CSV, JSON or printed
output into the text) or a command starting with `orbitbench ` whose printed output is the text
as it stands (e.g. `orbitbench metrics --markdown`).

Usage: generated.py update|check [--fast] [NAME…]
  --fast   only the recipes marked fast (cheap enough for `make test` with a debug build)
  NAME…    only these blocks
"""

import difflib
import re
import sys
import time
from pathlib import Path

import recipes
from toolrun import ROOT, Tool, ToolError

SUFFIX = "(scripts/update-docs.sh; a test fails when it is stale)"
BEGIN = re.compile(r"^(?P<indent> *)<!-- generated: (?P<name>.+?) " + re.escape(SUFFIX) + r" -->$")
END = "<!-- end generated -->"


class Block:
    def __init__(self, page, name, indent, first, last, text):
        # first/last: line indexes of the two marker lines; text: what lies between them, less
        # the markers' indent.
        self.page, self.name, self.indent = page, name, indent
        self.first, self.last, self.text = first, last, text

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
                         f"`<!-- generated: NAME {SUFFIX} -->`")
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


def all_blocks():
    found = [block for page in pages() for block in blocks_of(page)]
    seen = {}
    for block in found:
        if block.name in seen and not block.name.startswith("orbitbench "):
            sys.exit(f"{block.where}: block {block.name!r} appears twice (also {seen[block.name]})")
        seen[block.name] = block.where
    unknown = [b for b in found if not b.name.startswith("orbitbench ") and b.name not in recipes.RECIPES]
    for block in unknown:
        print(f"{block.where}: no recipe {block.name!r} in scripts/docs/recipes.py", file=sys.stderr)
    unused = sorted(set(recipes.RECIPES) - set(seen))
    for name in unused:
        print(f"scripts/docs/recipes.py: recipe {name!r} fills no block of any page", file=sys.stderr)
    if unknown or unused:
        sys.exit(2)
    return found


def render(block, tool):
    """The text the block should hold now."""
    if block.name.startswith("orbitbench "):
        text = tool.run(*block.name.split()[1:], out=False).stdout
    else:
        text = recipes.RECIPES[block.name].function(tool)
    return text if text.endswith("\n") else text + "\n"


def selected(blocks, fast, names):
    unknown = set(names) - {block.name for block in blocks}
    if unknown:
        sys.exit(f"no block named {', '.join(sorted(unknown))}")
    chosen = []
    for block in blocks:
        recipe = recipes.RECIPES.get(block.name)
        if names and block.name not in names:
            continue
        if fast and recipe and not recipe.fast:
            continue
        if recipe and recipe.needs_broad and not recipes.broad_trials():
            print(f"{block.where}: {block.name}: skipped, needs ORBITBENCH_BROAD_DATA=DIR holding "
                  f"the BROAD trials of BROAD_TRIALS in scripts/docs/recipes.py")
            continue
        chosen.append(block)
    return chosen


def main(argv):
    mode = argv[0] if argv else ""
    if mode not in ("update", "check"):
        sys.exit(__doc__)
    fast = "--fast" in argv[1:]
    names = [a for a in argv[1:] if a != "--fast"]
    started = time.monotonic()
    blocks = selected(all_blocks(), fast, names)
    tool = Tool(recipes.binary())
    stale, failed = [], []
    try:
        for block in blocks:
            try:
                text = render(block, tool)
            except ToolError as error:
                failed.append(block)
                print(f"{block.where}: {block.name}: {error}", file=sys.stderr)
                continue
            if text != block.text:
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
            print(f"{block.where}: {block.name}: updated")
    else:
        for block, text in stale:
            print(f"{block.where}: generated block {block.name!r} is stale; "
                  f"scripts/update-docs.sh rewrites it from the tool's output:", file=sys.stderr)
            diff = difflib.unified_diff(block.text.splitlines(), text.splitlines(),
                                        "in the page", "from the tool now", lineterm="", n=0)
            print("\n".join(f"    {line}" for line in diff), file=sys.stderr)
    slowest = "; ".join(f"{seconds:.1f} s {command}" for seconds, command in sorted(tool.log, reverse=True)[:3])
    print(f"generated blocks: {len(blocks)} {'checked' if mode == 'check' else 'rendered'}, "
          f"{len(stale)} {'stale' if mode == 'check' else 'rewritten'}, {len(failed)} failed, "
          f"{len(tool.log)} commands in {time.monotonic() - started:.1f} s"
          + (f" (slowest: {slowest})" if slowest else ""))
    if failed or (mode == "check" and stale):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
