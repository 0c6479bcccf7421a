"""Running the orbitbench binary for the docs scripts, and the small formatting helpers the
recipes share (markdown tables, numbers). Python standard library only.

The binary is $ORBITBENCH (scripts/update-docs.sh and scripts/check-docs.sh set it). Commands run
in the repository root, so relative paths in their arguments (data/broad/…, docs/examples/…)
mean what they mean in the docs; every output goes to a fresh folder under a temporary
directory (`--out`), never into reports/.
"""

import csv
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class ToolError(Exception):
    pass


class Result:
    """What one command left behind: its printed output and its output folder."""

    def __init__(self, args, stdout, out, seconds, code):
        self.args, self.stdout, self.out, self.seconds, self.code = args, stdout, out, seconds, code

    def file(self, *parts):
        return self.out.joinpath(*parts)

    def csv(self, *parts):
        return read_csv(self.file(*parts))

    def json(self, *parts):
        return json.loads(self.file(*parts).read_text())


class Tool:
    """Runs the binary, each distinct command once per session (recipes share runs); close()
    removes every output."""

    def __init__(self, binary):
        self.binary = str(Path(binary).resolve())
        self.scratch = Path(tempfile.mkdtemp(prefix="orbitbench-docs-"))
        self.cache = {}
        self.log = []  # (seconds, command) of every command run

    def run(self, *args, out=True, quiet=True, codes=(0,), binary=None):
        """Runs `orbitbench ARGS` (with `--out <fresh folder>` when out is true, and `--quiet`
        then unless told otherwise) and returns its Result; an exit code not in `codes` raises
        ToolError with its stderr."""
        key = (binary, args, out)
        if key in self.cache:
            return self.cache[key]
        folder = self.scratch / f"run-{len(self.cache) + 1}"
        argv = [binary or self.binary, *args]
        if out:
            argv += ["--out", str(folder)] + (["--quiet"] if quiet else [])
        started = time.monotonic()
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
        seconds = time.monotonic() - started
        shown = (Path(binary).name if binary else "orbitbench") + " " + " ".join(args)
        self.log.append((seconds, shown))
        if done.returncode not in codes:
            raise ToolError(f"`{shown}` exited {done.returncode}:\n{done.stderr.strip()[-2000:]}")
        result = Result(args, done.stdout, folder, seconds, done.returncode)
        self.cache[key] = result
        return result


    def close(self):
        shutil.rmtree(self.scratch, ignore_errors=True)


def read_csv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def num(text):
    return float(text)


def fmt(value, decimals=2, sign=False):
    """A number as the docs show it: fixed decimals, a real minus sign, `+` when asked; never
    a negative zero."""
    if round(value, decimals) == 0:
        value = 0.0
    text = f"{value:+.{decimals}f}" if sign else f"{value:.{decimals}f}"
    return text.replace("-", "−")


def mean(values):
    return statistics.fmean(values)


def sd(values):
    return statistics.stdev(values) if len(values) > 1 else 0.0


def mean_sd(values, decimals=2):
    return f"{fmt(mean(values), decimals)} ± {fmt(sd(values), decimals)}"


def table(header, rows):
    """A markdown table: header cells, then rows of cells (strings)."""
    escape = lambda cell: str(cell).replace("|", "\\|")
    lines = ["| " + " | ".join(map(escape, header)) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(map(escape, row)) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def column(rows, name, **where):
    """The values of one CSV column (as floats) over the rows matching every `where` field."""
    return [num(row[name]) for row in rows if all(row[k] == str(v) for k, v in where.items())]


def one(rows, **where):
    """The single CSV row matching every `where` field."""
    found = [row for row in rows if all(row[k] == str(v) for k, v in where.items())]
    if len(found) != 1:
        raise ToolError(f"expected one row with {where}, found {len(found)}")
    return found[0]


def broad_data():
    """The folder of BROAD trials ($ORBITBENCH_BROAD_DATA, as for make test), or None."""
    folder = os.environ.get("ORBITBENCH_BROAD_DATA")
    return Path(folder) if folder else None


class Printed(list):
    """A table the tool printed: a list of {header: cell} rows (a repeated header gets " (2)"),
    with `header` and `cells` (lists, as printed) for showing it whole."""

    def __init__(self, header, cells):
        keys = []
        for name in header:
            keys.append(name if name not in keys else f"{name} ({keys.count(name) + 2})")
        super().__init__(dict(zip(keys, row)) for row in cells)
        self.header, self.cells = header, cells

    def markdown(self):
        return table(self.header, self.cells)


def console_tables(text):
    """The tables the tool prints (a header line, a line of dashes, rows up to a blank line or a
    line with text between the columns) as Printed tables; columns are where the dashes are."""
    lines = text.split("\n")
    tables = []
    for index in range(1, len(lines)):
        rule = lines[index]
        if not rule.startswith("-") or set(rule) - {"-", " "}:
            continue
        spans, start = [], None
        for position, char in enumerate(rule + " "):
            if char == "-" and start is None:
                start = position
            elif char == " " and start is not None:
                spans.append((start, position))
                start = None
        gaps = [position for i in range(len(spans) - 1) for position in range(spans[i][1], spans[i + 1][0])]

        def cells(line):
            return [line[begin:end].strip() for begin, end in
                    zip([0] + [s[0] for s in spans[1:]], [s[0] for s in spans[1:]] + [None])]

        rows = []
        for line in lines[index + 1:]:
            if not line.strip() or any(line[p:p + 1] not in ("", " ") for p in gaps):
                break
            rows.append(cells(line))
        tables.append(Printed(cells(lines[index - 1]), rows))
    return tables
