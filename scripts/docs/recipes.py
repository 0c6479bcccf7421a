"""The recipes of the generated blocks in README.md and docs/: each runs the tool and turns what
it wrote (CSV, JSON, its markdown or printed lines) into the block's text. A recipe's name is
the NAME in `<!-- generated: NAME … -->`; scripts/docs/generated.py finds the blocks and calls
these. Recipes take numbers only from the tool's outputs: no figure is typed here.

fast=True marks a recipe cheap enough for `make test` (debug build, a few seconds at most);
the others run in `make docs-check`. needs_broad=True marks one that needs the BROAD trials
listed in BROAD_TRIALS in $ORBITBENCH_BROAD_DATA (skipped, and said so, without them).
"""

import os
import sys
from collections import namedtuple

from toolrun import ROOT, ToolError, broad_data, column, fmt, mean, mean_sd, one, sd, table

Recipe = namedtuple("Recipe", "function fast needs_broad")
RECIPES = {}


def recipe(name, fast=False, needs_broad=False):
    def register(function):
        RECIPES[name] = Recipe(function, fast, needs_broad)
        return function
    return register


def binary():
    path = os.environ.get("ORBITBENCH")
    if not path:
        sys.exit("set ORBITBENCH to the orbitbench binary (scripts/update-docs.sh does)")
    return path


# The eleven BROAD trials the real-data blocks use (the ones this project is developed on).
BROAD_TRIALS = [
    "02_undisturbed_slow_rotation_B", "05_undisturbed_slow_rotation_with_breaks_B",
    "07_undisturbed_fast_rotation_B", "10_undisturbed_slow_translation_A",
    "15_undisturbed_fast_translation_A", "18_undisturbed_fast_translation_with_breaks_B",
    "24_disturbed_tapping_A", "27_disturbed_phone_vibration_B", "30_disturbed_stationary_magnet_C",
    "32_disturbed_attached_magnet_1cm", "34_disturbed_attached_magnet_3cm",
]


def broad_trials():
    """Paths of BROAD_TRIALS in $ORBITBENCH_BROAD_DATA, or None when any is missing."""
    folder = broad_data()
    if not folder:
        return None
    paths = [folder / f"{trial}.hdf5" for trial in BROAD_TRIALS]
    return [str(path) for path in paths] if all(path.is_file() for path in paths) else None
