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

from toolrun import ROOT, ToolError, broad_data, column, console_tables, fmt, mean, mean_sd, one, sd, table

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


# ---------------------------------------------------------------------------------------------
# Shared shapes

def sweep_cells(result, metric):
    """A sweep's cells in cell order: (values of the varied keys, mean and sd of `metric` over
    the seeds), from its sweep.csv."""
    rows = result.csv("sweep.csv")
    keys = [entry.split("=")[0] for entry in result.json("sweep.json")["vary"]]
    cells = {}
    for row in rows:
        cells.setdefault(int(row["cell"]), ([row[k] for k in keys], []))[1].append(float(row[metric]))
    return keys, [(values, mean(seeds), sd(seeds)) for _, (values, seeds) in sorted(cells.items())]


def pivot(result, metric, decimals):
    """A two-key sweep as a table: the first key's values down, the second's across."""
    keys, cells = sweep_cells(result, metric)
    down = list(dict.fromkeys(values[0] for values, _, _ in cells))
    across = list(dict.fromkeys(values[1] for values, _, _ in cells))
    means = {tuple(values): m for values, m, _ in cells}
    header = [f"`{keys[0]}` ↓ `{keys[1]}` →"] + across
    return table(header, [[d] + [fmt(means[(d, a)], decimals) for a in across] for d in down])


def line_starting(text, prefix):
    """The first printed line that starts with `prefix`."""
    for line in text.split("\n"):
        if line.startswith(prefix):
            return line
    raise ToolError(f"the output has no line starting with {prefix!r}")


def metric_decimals(metric):
    return 3 if metric in ("coverage",) else 2


def compare_table(result, metrics):
    """Rows of compare.csv: mean of A and B, B − A with its interval, p values, verdict."""
    rows = result.csv("compare.csv")
    lines = []
    for metric in metrics:
        row = one(rows, metric=metric)
        d = metric_decimals(metric)
        diff = f"{fmt(float(row['mean_diff']), d, sign=True)} [{fmt(float(row['ci_low']), d, sign=True)}, {fmt(float(row['ci_high']), d, sign=True)}]"
        lines.append([f"`{metric}`", fmt(float(row["mean_a"]), d), fmt(float(row["mean_b"]), d), diff,
                      fmt(float(row["t_p"]), 3), fmt(float(row["wilcoxon_p"]), 3), row["verdict"]])
    return table(["metric", "A", "B", "B − A, 95 % interval", "paired t p", "Wilcoxon p", "verdict"], lines)


# ---------------------------------------------------------------------------------------------
# docs/guides/tuning.md

@recipe("tuning-sweep-choice", fast=True)
def _(tool):
    sweep = tool.run("sweep", "shaky-hands", "--vary", "fusion.filter=madgwick,bias-estimating",
                     "--vary", "selection.threshold=4:8:2", "--seeds", "1-2", "--no-plots")
    return pivot(sweep, "coverage", 2)


@recipe("tuning-sweep-grid")
def _(tool):
    sweep = tool.run("sweep", "orbit-72", "--vary", "selection.threshold=1:8:1",
                     "--vary", "selection.weights.acceleration=0:40:10", "--seeds", "1-3", "--no-plots")
    return pivot(sweep, "coverage", 2)


@recipe("tuning-pareto", fast=True)
def _(tool):
    sweep = tool.run("sweep", "shaky-hands", "--vary", "selection.threshold=2:12:1", "--seeds", "1-3",
                     "--metric", "blur_sel_mean_px", "--require", "coverage>=0.9", "--no-plots")
    _, blur = sweep_cells(sweep, "blur_sel_mean_px")
    _, coverage = sweep_cells(sweep, "coverage")
    cells = [(values[0], b, c) for (values, b, _), (_, c, _) in zip(blur, coverage)]
    lowest = min(cells, key=lambda cell: cell[1])
    admitted = [cell for cell in cells if cell[2] >= 0.9]
    best = min(admitted, key=lambda cell: cell[1])
    return (f"On shaky-hands (seeds 1–3, `--vary selection.threshold=2:12:1 --metric blur_sel_mean_px "
            f"--require coverage>=0.9`) the lowest blur, {fmt(lowest[1])} px at threshold {lowest[0]}, "
            f"comes with coverage {fmt(lowest[2])}; the best cell meeting the bound is threshold "
            f"{best[0]} ({fmt(best[1])} px, coverage {fmt(best[2])}), and {len(admitted)} of "
            f"{len(cells)} cells meet it.\n")


@recipe("tuning-compare", fast=True)
def _(tool):
    compare = tool.run("compare", "shaky-hands", "--a", "selection.threshold=6", "--b", "selection.threshold=17",
                       "--seeds", "1-8", "--no-plots")
    return compare_table(compare, ["coverage", "max_gap_deg", "slot_angle_err_mean_deg", "blur_sel_mean_px",
                                   "blur_obj_mean_px", "dev_pitch_mean_deg", "dev_roll_mean_deg"])


@recipe("tuning-tune")
def _(tool):
    tune = tool.run("tune", "orbit-72", "shaky-hands", "back-and-forth")
    parameters, outcome = console_tables(tune.stdout)[:2]
    first = table(["key", "default", "tuned"],
                  [[f"`{row['key']}`", row["default"], row["tuned"]] for row in parameters])
    metrics = {"coverage": ("coverage", 3), "blur_sel_mean_px": ("blur selected (px)", 3),
               "slot_angle_err_mean_deg": ("slot angle error (°)", 3)}
    scenarios = list(dict.fromkeys(row["scenario"] for row in outcome if row["scenario"] != "all"))
    rows = []
    for scenario in scenarios:
        cells = []
        for metric, (_, d) in metrics.items():
            row = one(outcome, scenario=scenario, metric=metric)
            cells.append(f"{fmt(float(row['default (held-out)']), d)} → {fmt(float(row['tuned (held-out)']), d)}")
        rows.append([f"`{scenario}`, default → tuned"] + cells)
    objective = one(outcome, scenario="all", metric="objective")
    verdict = line_starting(tune.stdout, "held-out objective").split("(")[-1].rstrip(")")
    rows.append([f"**objective** (training seeds: {fmt(float(objective['default (train)']))} → "
                 f"{fmt(float(objective['tuned (train)']))})", "", "",
                 f"**{fmt(float(objective['default (held-out)']))} → "
                 f"{fmt(float(objective['tuned (held-out)']))} ({verdict})**"])
    seeds = line_starting(tune.stdout, "training seeds")
    second = table(["held-out seeds", *[label for label, _ in metrics.values()]], rows)
    return f"{seeds[0].upper()}{seeds[1:]}.\n\n{first}\n{second}"


# ---------------------------------------------------------------------------------------------
# docs/guides/ci-regression.md

def tool_markdown(text):
    """A markdown summary the tool wrote, its `## …` title turned into a bold line."""
    lines = text.strip().split("\n")
    if lines[0].startswith("## "):
        lines[0] = f"**{lines[0][3:]}**"
    return "\n".join(lines) + "\n"


@recipe("regress-detectable")
def _(tool):
    regress = tool.run("regress", "--all")
    detectable = console_tables(regress.stdout)[0]
    return table(["metric", "smallest detectable change", "on (hardest scenario)"],
                 [[f"`{row['metric']}`", row["detectable"], row["on (hardest scenario)"]] for row in detectable])


@recipe("regress-set-threshold")
def _(tool):
    summary = tool.scratch / "regress-threshold-7.md"
    regress = tool.run("regress", "--set", "selection.threshold=7", "--markdown", str(summary), codes=(0, 1))
    return f"Exit code {regress.code}, and the `--markdown` summary:\n\n" + tool_markdown(summary.read_text())


# ---------------------------------------------------------------------------------------------
# docs/guides/thesis.md

def percent(value):
    return f"{fmt(value)} %"


@recipe("thesis-audit", fast=True)
def _(tool):
    audit = tool.run("thesis")
    distances, statistics = audit.csv("table-6-2.csv"), audit.csv("table-6-3.csv")
    printed = audit.stdout
    table_6_2 = line_starting(printed, "Table 6.2:")[len("Table 6.2: "):]
    table_6_3 = line_starting(printed, "Table 6.3:")[len("Table 6.3: "):].split(" (")[0]
    spread = line_starting(printed, "P3:").split(":")[1].strip()  # "published distances span …"
    keypoints = list(dict.fromkeys(row["keypoint"] for row in distances))
    good = [k for k in keypoints if all(r["verdict"] == "agree" for r in distances if r["keypoint"] == k)]
    bad = [k for k in keypoints if k not in good]
    hypotheses = [line for line in audit.file("audit.md").read_text().split("\n")
                  if line.startswith("| ") and line.rstrip().endswith(" of 4 |")]
    tried = sum(int(line.split("|")[2]) for line in hypotheses)
    explained = sum(int(line.split("|")[3].split(" of ")[0]) for line in hypotheses)
    sigma = one(statistics, row="overall", statistic=next(r["statistic"] for r in statistics
                                                         if r["statistic"].startswith("sigma")))
    definition = sigma["statistic"][len("sigma ("):-1]
    mean_row = one(statistics, row="overall", statistic="mean")
    from_6_1 = [r["row"] for r in statistics if r["statistic"] == "mean" and r["verdict_from_table_6_1"] == "agree"
                and all(s["verdict_from_table_6_1"] == "agree" for s in statistics if s["row"] == r["row"])]
    only_6_2 = [r["row"] for r in statistics if r["statistic"] == "mean" and r["row"] not in from_6_1]
    return (
        f"- **{table_6_2}** ({', '.join(good)}). The {', '.join(bad)} column cannot come from Table 6.1: "
        f"{spread.replace('the rephotographs', 'the four rephotographs')}, so by the triangle inequality no "
        f"single reference point can give them; the audit also tries other key points and swapped x/y, column "
        f"shifts, mistyped or swapped digits and other distance definitions ({tried} candidates) — they explain "
        f"{explained} of its cells.\n"
        f"- **Table 6.3's σ is the {definition}** Σ|d − d̄|/n of the rounded Table 6.2 cells (not a standard "
        f"deviation); with that, {table_6_3} — {', '.join(from_6_1)} from Table 6.1, "
        f"{' and '.join(only_6_2).replace('overall', 'the overall')} only from the published Table 6.2.\n"
        f"- From the measured coordinates alone (Table 6.1) the overall error is "
        f"**{percent(float(mean_row['from_table_6_1']))} (σ {percent(float(sigma['from_table_6_1']))})**: the "
        f"published {mean_row['published']} % inherits the unreproducible {', '.join(bad)} column.\n")


@recipe("thesis-measured", fast=True)
def _(tool):
    audit = tool.run("thesis")
    distances = audit.csv("table-6-2.csv")
    overall = one(audit.csv("table-6-3.csv"), row="overall", statistic="mean")
    pictures = [mean(column(distances, "recomputed", image=image))
                for image in dict.fromkeys(row["image"] for row in distances)]
    return (f"The rephotographs of Table 6.1 have an overall mean distance of "
            f"{percent(float(overall['from_table_6_1']))} (per picture {fmt(min(pictures), 1)}–"
            f"{fmt(max(pictures), 1)} %); the published {overall['published']} % is not a measurement "
            f"(see the audit).\n")


REPHOTO_CONDITIONS = [
    ("default: rectangle, then overlay", []),
    ("sharper eyes: `overlay_tolerance_pct=1.5`", ["rephoto.user.overlay_tolerance_pct=1.5"]),
    ("standing further off: `position_error_m=1`", ["rephoto.user.position_error_m=1"]),
    ("rectangle only (`guidance=rectangle`)", ["rephoto.guidance=rectangle"]),
    ("rectangle only, `rectangle_tolerance_pt=1.5`", ["rephoto.guidance=rectangle", "rephoto.user.rectangle_tolerance_pt=1.5"]),
    ("rectangle only, Madgwick instead of bias-estimating", ["rephoto.guidance=rectangle", "fusion.filter=madgwick"]),
]


def rephoto_run(tool, overrides):
    sets = [arg for override in overrides for arg in ("--set", override)]
    return tool.run("run", "rephoto-fountain", *sets, "--no-plots")


@recipe("thesis-study", fast=True)
def _(tool):
    audit = tool.run("thesis")
    statistics = audit.csv("table-6-3.csv")
    points = ["P1", "P2", "P3", "P4"]
    thesis = [fmt(float(one(statistics, row=p, statistic="mean")["from_table_6_1"])) for p in points]
    sigma = next(r for r in statistics if r["row"] == "overall" and r["statistic"].startswith("sigma"))
    rows = [["thesis, recomputed from Table 6.1 (4 pictures)", *thesis,
             fmt(float(one(statistics, row="overall", statistic="mean")["from_table_6_1"])),
             fmt(float(sigma["from_table_6_1"])), "–"]]
    for label, overrides in REPHOTO_CONDITIONS:
        run = rephoto_run(tool, overrides)
        folder = "rephoto-fountain"
        table_6_3 = run.csv(folder, "table-6-3-sim.csv")
        overall = one(table_6_3, distance="overall")
        shoot = run.json(folder, "summary.json")["diagnostics"]["time_to_shoot_mean_s"]["mean"]
        per_point = [fmt(float(one(table_6_3, distance=f"d_{p}")["mean"])) for p in points] if not overrides else [""] * 4
        mean_cell = f"**{fmt(float(overall['mean']))}**" if not overrides else fmt(float(overall["mean"]))
        rows.append([label, *per_point, mean_cell, fmt(float(overall["sigma"])), f"{fmt(shoot, 1)} s"])
    return table(["condition", *points, "overall mean", "overall σ", "time to shoot"], rows)


@recipe("thesis-rectangle", fast=True)
def _(tool):
    rectangle = rephoto_run(tool, ["rephoto.guidance=rectangle"])
    diagnostics = rectangle.json("rephoto-fountain", "summary.json")["diagnostics"]
    roll, pitch = diagnostics["true_roll_abs_mean_deg"]["mean"], diagnostics["true_pitch_abs_mean_deg"]["mean"]
    return (f"With the rectangle alone, the residual ROLL ({fmt(roll)}° mean) is {fmt(roll / pitch, 1)} times "
            f"the PITCH ({fmt(pitch)}°).\n")


@recipe("thesis-heading", fast=True)
def _(tool):
    arbitrary = rephoto_run(tool, ["fusion.reference_frame=x_arbitrary_corrected_z_vertical"])
    users = arbitrary.csv("rephoto-fountain", "users.csv")
    lost = sum(int(row["lost"]) for row in users)
    return (f"The study needs an absolute heading: with `fusion.reference_frame=x_arbitrary_corrected_z_vertical` "
            f"each session's x axis is wherever its phone pointed at start, and {lost} of {len(users)} users were "
            f"steered away from the scene.\n")
