"""Runs every command the docs show: the lines of the fenced shell blocks (```sh, ```bash or a
bare ```) of README.md and docs/**/*.md that call the tool — `orbitbench`, `./orbitbench`,
`swift run orbitbench`, `.build/{release,debug}/orbitbench`, the example's
`.build/debug/custom-orbitbench` and `CustomSelector` — or `make`. Each page runs from its top,
in order, in a fresh copy of the checkout (so a page's commands may use what its earlier ones
wrote), with the binary under test as every one of those names. A command must exit 0, or N
when its comment starts with `exits N`. Absolute /tmp/ paths are moved into the copy. Commands
on "$ORBITBENCH_BROAD_DATA" (the BROAD trials beyond the two shipped) run on that folder, or on
the shipped trials in data/broad when it is not set (said so).

It fails when a command fails, when two different commands (on any pages) write the same output
folder (the second takes the first's results away: give one an `--out`), and when a rule of
SKIP below matches no command any more. The one-line reason of each skipped command is printed.

Usage: doccommands.py [--fast] [--list] [PAGE…]
  --fast   README and the guides only, less the commands SLOW names (make test, debug build)
  --list   only list what would run
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Commands the check does not run, each with the reason the output shows.
SKIP = [
    (r"^make (test|docs-check)\b", "this check runs inside it"),
    (r"\bmake fuzz$", "libFuzzer for minutes per target; make test replays its findings"),
    (r"^swift build --build-tests && swift test", "the unit tests themselves: make test"),
    (r"^swift build$", "builds the example package; make docs-check builds it before this check"),
    (r"my-walk|my-phone-log|my-raw-log", "a placeholder for your own scenario or phone log"),
    (r"--reports before/reports after/reports", "a placeholder for two code versions' run folders"),
]

# make test (--fast) runs the commands of these pages only, less those SLOW names; make
# docs-check runs every page (reference/commands.md repeats most commands of the guides).
FAST_PAGES = r"^(README\.md|docs/guides/.*)$"
SLOW = [r"\bregress\b", r"\btune\b", r"--render", r"\bbench\b", r"^make demo$", r"custom-orbitbench",
        r"CustomSelector", r"\bfusion\b.*\bbroad-", r"--seeds 1-30\b", r"--seeds 1-100\b",
        r"selection\.weights\.acceleration=0:40:10", r"^\.build/release/orbitbench run$"]

TOOL = re.compile(r"^(orbitbench|\./orbitbench|swift run orbitbench|\.build/(release|debug)/orbitbench|"
                  r"\.build/debug/(custom-orbitbench|CustomSelector)|make|swift build|mkdir|cp|for)(\s|$)")
FENCE = re.compile(r"^```(sh|bash|shell|)$")


class Command:
    def __init__(self, page, line, text, comment, run_text, cwd):
        # text: as the page shows it; run_text: without a leading `cd DIR &&`; cwd: where it
        # runs, relative to the checkout.
        self.page, self.line, self.text, self.run_text, self.cwd = page, line, text, run_text, cwd
        match = re.match(r"exits (\d+)\b", comment)
        self.expected = int(match[1]) if match else 0

    @property
    def where(self):
        return f"{self.page}:{self.line}"


def split_comment(line):
    """The command and its trailing `# comment` (a # outside quotes after a space)."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1] == " "):
            return line[:index].rstrip(), line[index + 1:].strip()
    return line.rstrip(), ""


def commands_of(page):
    """(line, text, comment) of every shell line in the page's fenced blocks, a block ending as
    ("end", …)."""
    lines = (ROOT / page).read_text().split("\n")
    found, inside, pending = [], False, None
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if inside is None:  # inside a block of another language (yaml, swift, …)
            inside = False if stripped == "```" else None
            continue
        if stripped.startswith("```"):
            if inside:
                found.append(("end", None, None))
                inside = False
            else:
                inside = True if FENCE.match(stripped) else None
            continue
        if not inside or not stripped or stripped.startswith("#"):
            continue
        if pending:
            start, text = pending
            text += " " + stripped
        else:
            start, text = number, stripped
        if text.endswith("\\"):
            pending = (start, text[:-1].rstrip())
            continue
        pending = None
        command, comment = split_comment(text)
        found.append((start, command, comment))
    return found


def shown_commands(page):
    """The page's commands that call the tool, in order. A leading `cd DIR &&` (or a `cd DIR`
    line) moves the rest of its block to DIR, as in a terminal."""
    cwd = Path(".")
    for line, text, comment in commands_of(page):
        if line == "end":
            cwd = Path(".")
            continue
        run_text = text
        cd = re.match(r"^cd (\S+)(?: && (.*))?$", text)
        if cd:
            cwd = cwd / cd[1]
            if not cd[2]:
                continue
            run_text = cd[2]
        body = re.sub(r"^([A-Z_]+=\S+ )+", "", run_text)  # leading VAR=value assignments
        if not TOOL.match(body) or "  " in body or (body.startswith("for ") and "orbitbench" not in body):
            continue  # not the tool (sbatch, kubectl, export, …), or a line of a file tree
        yield Command(page, line, text, comment, run_text, cwd)


def pages(named):
    if named:
        return named
    return ["README.md"] + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md"))


def checkout_copy(target):
    """The checkout's files as git sees them (tracked and new, not ignored) copied to target."""
    listed = subprocess.run(["git", "ls-files", "-z", "-c", "-o", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            destination = target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)


def link(path, target):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)


def prepare(scratch, binary):
    """A fresh copy of the checkout with the binary under test wherever the docs look for it."""
    checkout_copy(scratch)
    for name in (".build/release/orbitbench", ".build/debug/orbitbench", ".bin/orbitbench", "orbitbench"):
        link(scratch / name, binary)
    for name in ("custom-orbitbench", "CustomSelector"):
        # The main package compiles the example's programs too, beside the binary under test
        # (make test, make docs-check); the docs show them in the example's debug folder.
        built = Path(binary).resolve().parent / name
        if built.exists():
            link(scratch / "Examples/CustomSelector/.build/debug" / name, built)
    (scratch / "tmp").mkdir()


def outputs(scratch):
    """{folder: (mtime, size)} of every provenance.json under scratch: the folders commands wrote."""
    found = {}
    for folder, directories, files in os.walk(scratch):
        directories[:] = [d for d in directories if d not in (".build", "images", ".git")]
        if "provenance.json" in files:
            status = os.stat(os.path.join(folder, "provenance.json"))
            found[folder] = (status.st_mtime_ns, status.st_size)
    return found


RESULTS = (".csv", ".json", ".yaml", ".md", ".xml")
NOT_RESULTS = {"provenance.json", "owner.json", "timing.csv"}  # say who and how long, not what


def results(folder):
    """{file: SHA-256} of an output folder's result files (its own, not those of output folders
    inside it)."""
    found = {}
    for directory, directories, files in os.walk(folder):
        directories[:] = [d for d in directories
                          if d != "images" and not os.path.exists(os.path.join(directory, d, "provenance.json"))]
        for name in files:
            if name.endswith(RESULTS) and name not in NOT_RESULTS:
                path = os.path.join(directory, name)
                found[os.path.relpath(path, folder)] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return found


def run(command, scratch):
    """Runs one command in the page's copy; returns (exit code, its last lines of output)."""
    shell = command.run_text.replace("/tmp/", f"{scratch}/tmp/")
    shell = re.sub(r"^swift run orbitbench\b", "orbitbench", shell)
    if shell.startswith("make "):
        shell += " SWIFT=true"  # the check built the binary; make runs the rest of the target
    environment = dict(os.environ, PATH=f"{scratch}/.bin:{os.environ['PATH']}",
                       GITHUB_STEP_SUMMARY=str(scratch / "step-summary.md"))
    done = subprocess.run(["bash", "-c", shell], cwd=scratch / command.cwd, env=environment,
                          capture_output=True, text=True, timeout=1800)
    return done.returncode, "\n".join((done.stderr or done.stdout).strip().split("\n")[-6:])


def collisions(command, scratch, before, owners):
    """Records the output folders the command wrote; returns a line for each folder it wrote
    over the results another command left there. A folder written again must keep the results
    it held (a command may add files); continuing or joining a folder on purpose, or naming it,
    is no collision."""
    found, after = [], outputs(scratch)
    on_purpose = any(word in command.run_text for word in ("--resume", "--merge", "--overwrite", " merge "))
    for folder, stamp in after.items():
        if before.get(folder) == stamp:
            continue
        relative = os.path.relpath(folder, scratch)
        key = "/tmp/" + relative[4:] if relative.startswith("tmp/") else relative
        held, previous = results(folder), owners.get(key)
        named = key in command.run_text or relative in command.run_text
        if previous and not (on_purpose or named) and any(held.get(f) != d for f, d in previous[1].items()):
            found.append(f"{command.where}: `{command.text}` writes {key} over the results of "
                         f"`{previous[2]}` ({previous[0]}): give one of them --out")
        owners[key] = (command.where, held, command.text)
    return found, after


def main(argv):
    fast, listing = "--fast" in argv, "--list" in argv
    named = [a for a in argv if not a.startswith("--")]
    binary = os.environ.get("ORBITBENCH")
    if not binary:
        sys.exit("set ORBITBENCH to the orbitbench binary (scripts/check-docs.sh does)")
    binary = str(Path(binary).resolve())
    rules_used = {rule: 0 for rule, _ in SKIP}
    failures, owners, counts = [], {}, {"ran": 0, "skipped": 0, "left": 0}
    started = time.monotonic()
    print(f"doc commands: {binary} stands for every orbitbench the docs name")
    if not os.environ.get("ORBITBENCH_BROAD_DATA"):
        os.environ["ORBITBENCH_BROAD_DATA"] = str(ROOT / "data/broad")
        print("doc commands: $ORBITBENCH_BROAD_DATA is the shipped trials in data/broad (set it to run them on more)")
    work = Path(tempfile.mkdtemp(prefix="orbitbench-doc-commands-"))
    try:
        for page in pages(named):
            plan = []  # (command, why it is skipped or None)
            for command in shown_commands(page):
                rule = next((rule for rule, _ in SKIP if re.search(rule, command.run_text)), None)
                if rule:
                    rules_used[rule] += 1
                    counts["skipped"] += 1
                    plan.append((command, dict(SKIP)[rule]))
                elif fast and (not re.match(FAST_PAGES, page) or any(re.search(r, command.run_text) for r in SLOW)):
                    counts["left"] += 1
                else:
                    plan.append((command, None))
            scratch = work / page.replace("/", "_")
            if not listing and any(reason is None for _, reason in plan):
                scratch.mkdir()
                prepare(scratch, binary)
            before = outputs(scratch) if scratch.exists() else {}
            for command, reason in plan:
                if reason or listing:
                    print(f"{command.where}: " + (f"skipped ({reason})" if reason else "would run"
                          + (f" (exits {command.expected})" if command.expected else "")) + f": {command.text}")
                    continue
                begun = time.monotonic()
                code, tail = run(command, scratch)
                seconds = time.monotonic() - begun
                counts["ran"] += 1
                if code != command.expected:
                    failures.append(f"{command.where}: `{command.text}` exited {code}, expected "
                                    f"{command.expected}:\n" + "\n".join(f"    {l}" for l in tail.split("\n")))
                print(f"{command.where}: {'ok' if code == command.expected else f'FAILED ({code})'} "
                      f"{seconds:.1f} s: {command.text}")
                found, before = collisions(command, scratch, before, owners)
                failures += found
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if not named and not fast:
        failures += [f"scripts/docs/doccommands.py: the skip rule {rule!r} matches no command any more"
                     for rule, used in rules_used.items() if not used]
    for failure in failures:
        print(failure, file=sys.stderr)
    left = f", {counts['left']} left to make docs-check" if fast else ""
    print(f"doc commands: {counts['ran']} ran, {counts['skipped']} skipped with a reason{left}, "
          f"{len(failures)} failed, in {time.monotonic() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
