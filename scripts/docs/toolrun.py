"""Running the orbitbench binary for the docs scripts. Python standard library only.

The binary is $ORBITBENCH (scripts/update-docs.sh and scripts/check-docs.sh set it). Commands run
in the repository root, so relative paths in their arguments (data/broad/…, docs/examples/…)
mean what they mean in the docs; every output goes to a fresh folder under a temporary
directory (`--out`), never into reports/.
"""

import shutil
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


class Tool:
    """Runs the binary, each distinct command once per session (blocks share runs); close()
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
        if any("{out}" in arg for arg in args):
            # The program names its output itself (an example's arguments): {out} is the folder.
            folder.mkdir(parents=True)
            argv = [arg.replace("{out}", str(folder)) for arg in argv]
        elif out:
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
