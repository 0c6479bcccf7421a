#!/usr/bin/env python3
"""What one seed costs against another build: `run SCENARIO --seeds 1-40 --no-plots` with a
reference binary and a new one, in interleaved pairs on 1 core (taskset -c 0) and on 2.

    scripts/seed-cost-pairs.py REFERENCE NEW [--pairs 101] [--scenario orbit-72]

Each pair runs both binaries back to back, in alternating order, and the 1-core and 2-core pairs
alternate too, so a slow spell of the machine falls on both sides alike. Printed per core count:
the median of the pairs' wall-clock ratios (new / reference) with a bootstrap 95 % interval of
that median, the median times, and the same ratio in CPU time (user + system). Single runs vary
by several percent on a shared machine: use about 100 pairs to judge a 2 % difference.

The reference is any other build of orbitbench, e.g. a commit's release build in a worktree:
    git worktree add /tmp/ref COMMIT && (cd /tmp/ref && swift build $(cat scripts/release-flags))
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(binary, scenario, out, cores):
    """One run's wall-clock and CPU seconds."""
    command = [binary, "run", scenario, "--seeds", "1-40", "--no-plots", "--quiet", "--out", out, "--overwrite"]
    if cores == 1:
        command = ["taskset", "-c", "0"] + command
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"seed-cost-pairs: {binary} failed: {process.stderr.read().decode(errors='replace').strip()}")
    return wall, usage.ru_utime + usage.ru_stime


def median_interval(values, draws=2000):
    """Bootstrap 95 % interval of the median (a fixed seed: the same pairs give the same interval)."""
    rng = random.Random(1)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(draws))
    return medians[int(0.025 * draws)], medians[int(0.975 * draws) - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference", help="the reference orbitbench binary")
    parser.add_argument("new", help="the orbitbench binary to measure")
    parser.add_argument("--pairs", type=int, default=101, help="pairs per core count (default 101)")
    parser.add_argument("--scenario", default="orbit-72", help="scenario to run (default orbit-72)")
    args = parser.parse_args()
    for binary in (args.reference, args.new):
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            sys.exit(f"seed-cost-pairs: {binary} is not an executable file")
    if args.pairs < 1:
        sys.exit("seed-cost-pairs: --pairs must be at least 1")
    if shutil.which("taskset") is None:
        sys.exit("seed-cost-pairs: taskset (util-linux) is needed for the 1-core runs")
    work = tempfile.mkdtemp(prefix="seed-cost-")
    try:
        results = {cores: [] for cores in (1, 2)}
        for pair in range(args.pairs):
            for cores in (1, 2):
                order = [("reference", args.reference), ("new", args.new)]
                if pair % 2:
                    order.reverse()
                times = {side: run(binary, args.scenario, os.path.join(work, side), cores) for side, binary in order}
                results[cores].append(times)
        for cores, pairs in results.items():
            wall = [p["new"][0] / p["reference"][0] for p in pairs]
            cpu = [p["new"][1] / p["reference"][1] for p in pairs]
            low, high = median_interval(wall)
            reference_ms = statistics.median(p["reference"][0] for p in pairs) * 1000
            new_ms = statistics.median(p["new"][0] for p in pairs) * 1000
            print(
                f"{cores} core{'s' if cores > 1 else ''}: new / reference {statistics.median(wall):.3f} "
                f"(95 % interval of the median {low:.3f}-{high:.3f}; {new_ms:.1f} ms vs {reference_ms:.1f} ms), "
                f"CPU time {statistics.median(cpu):.3f}; {len(pairs)} pairs")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
