"""The recipes of the generated blocks in README.md and docs/: each runs the tool and turns what
it wrote (CSV, JSON, its markdown or printed lines) into the block's text. A recipe's name is
the NAME in `<!-- generated: NAME … -->`; scripts/docs/generated.py finds the blocks and calls
these. Recipes take numbers only from the tool's outputs: no figure is typed here.

fast=True marks a recipe cheap enough for `make test` (debug build, a few seconds at most);
the others run in `make docs-check`. needs_broad=True marks one that needs the BROAD trials
listed in BROAD_TRIALS in $ORBITBENCH_BROAD_DATA (skipped, and said so, without them).
"""

import json
import os
import sys
from collections import namedtuple

from toolrun import ROOT, ToolError, broad_data, column, console_tables, fmt, mean, mean_sd, one, read_csv, sd, table

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
    metrics = {"coverage": ("coverage", 3), "blur_obj_mean_px": ("blur over the object (px)", 3),
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


@recipe("thesis-heading")
def _(tool):
    arbitrary = rephoto_run(tool, ["fusion.reference_frame=x_arbitrary_corrected_z_vertical"])
    users = arbitrary.csv("rephoto-fountain", "users.csv")
    lost = sum(int(row["lost"]) for row in users)
    return (f"The study needs an absolute heading: with `fusion.reference_frame=x_arbitrary_corrected_z_vertical` "
            f"each session's x axis is wherever its phone pointed at start, and {lost} of {len(users)} users were "
            f"steered away from the scene.\n")


# ---------------------------------------------------------------------------------------------
# docs/capture.md

def run_with(tool, scenarios, overrides=(), seeds=None, extra=()):
    """`orbitbench run SCENARIOS [--set …] [--seeds …] --no-plots` (plots cost time, not numbers)."""
    sets = [arg for override in overrides for arg in ("--set", override)]
    return tool.run("run", *scenarios, *sets, *(["--seeds", seeds] if seeds else []), *extra,
                    *([] if "--render" in extra else ["--no-plots"]))


def metric_values(run, scenario, metric):
    return column(run.csv(scenario, "metrics.csv"), metric)


def diagnostic(run, scenario, name):
    return run.json(scenario, "summary.json")["diagnostics"][name]["mean"]


CAPTURE_SCENARIOS = ["orbit-72", "tripod-ideal", "shaky-hands", "fast-walk", "incomplete-orbit",
                     "portrait-gimbal-lock", "motion-flood", "high-latency", "vertical-drift", "broad-like"]

# (row label, scenario, overrides, note): a note may use the run's numbers.
CAPTURE_ROWS = [
    ("`orbit-72`", "orbit-72", [], lambda run: "default weights"),
    ("`tripod-ideal`", "tripod-ideal", [], lambda run: "the orbit alone turns the object"),
    ("`shaky-hands`", "shaky-hands", [], lambda run: ""),
    ("`fast-walk`", "fast-walk", [], lambda run: "twice the pace"),
    ("`incomplete-orbit`", "incomplete-orbit", [], lambda run: "the 110° the walk never covered"),
    ("`portrait-gimbal-lock`, optical axis", "portrait-gimbal-lock", [], lambda run: ""),
    ("`portrait-gimbal-lock`, `euler_yaw`", "portrait-gimbal-lock", ["selection.angle_source=euler_yaw"],
     lambda run: "yaw swings by up to ±180° at pitch 90°"),
    ("`motion-flood`, flood guard on", "motion-flood", [],
     lambda run: f"{fmt(diagnostic(run, 'motion-flood', 'motion_updates_coalesced'), 0)} updates coalesced a run"),
    ("`motion-flood`, flood guard off", "motion-flood", ["selection.flood_guard=false"],
     lambda run: "floods starve the one queue"),
    ("`motion-flood`, guard off, `pipeline.threads: separate`", "motion-flood",
     ["selection.flood_guard=false", "pipeline.threads=separate"], lambda run: "motion on its own queue"),
    ("`high-latency`", "high-latency", [],
     lambda run: f"sync error {fmt(mean(metric_values(run, 'high-latency', 'sync_err_mean_ms')), 1)} ms; the clock offset is 12 ms"),
    ("`vertical-drift`", "vertical-drift", [],
     lambda run: f"object {fmt(diagnostic(run, 'vertical-drift', 'selected_object_offset_v_mean_px'), 0)} px off centre on average"),
    ("`broad-like`", "broad-like", [], lambda run: "BROAD's IMU, 30 s at rest first"),
]


@recipe("capture-scenarios")
def _(tool):
    rows = []
    for label, scenario, overrides, note in CAPTURE_ROWS:
        run = run_with(tool, CAPTURE_SCENARIOS if not overrides else [scenario], overrides)
        values = lambda metric: metric_values(run, scenario, metric)
        pair = lambda a, b: f"{fmt(mean(values(a)))} / {fmt(mean(values(b)))}"
        rows.append([label, str(len(values("coverage"))), mean_sd(values("coverage"), 3),
                     fmt(mean(values("max_gap_deg")), 0), mean_sd(values("slot_angle_err_mean_deg")),
                     pair("blur_obj_mean_px", "blur_obj_all_mean_px"), pair("blur_sel_mean_px", "blur_all_mean_px"),
                     fmt(mean(values("frames_dropped")), 1), note(run)])
    return table(["scenario", "seeds", "coverage", "largest gap (°)", "slot angle error (°)",
                  "blur over the object, selected / all (px)", "centre blur, selected / all (px)", "dropped frames",
                  "note"], rows)


def render_run(tool, scenario, *extra):
    run = tool.run("run", scenario, "--seeds", "1", "--render", *extra)
    images = run.csv(scenario, "images.csv")
    return run, images, diagnostic(run, scenario, "render_sharpness_blur_spearman")


@recipe("capture-render")
def _(tool):
    _, shaky, rho = render_run(tool, "shaky-hands")
    _, every, rho_all = render_run(tool, "shaky-hands", "--render-all-frames")
    blur = column(shaky, "blur_obj_mean_px")
    kilobytes = mean(column(shaky, "jpeg_bytes")) / 1000
    others = [(scenario, render_run(tool, scenario)[2]) for scenario in ("orbit-72", "fast-walk")]
    return (f"{fmt(rho)} on `shaky-hands` seed 1 ({len(shaky)} frames, {fmt(min(blur), 0)}–{fmt(max(blur), 0)} px "
            f"of blur, {fmt(kilobytes, 0)} kB a JPEG on average; {fmt(rho_all)} over all {len(every)} frames), "
            f"so the blurrier frames by the metric are the blurrier pictures. On "
            + " and ".join(f"`{s}` ({fmt(r)})" for s, r in others)
            + " the view (how much checker the box shows) decides the Laplacian more than the blur does, "
              "where the blur stays around a pixel at 1280 px.\n")


@recipe("capture-rate-term")
def _(tool):
    tune = tool.run("tune", "orbit-72", "shaky-hands", "fast-walk", "--params",
                    "selection.weights.rotation_rate,selection.threshold", "--set", "selection.weights.rotation_rate=0.01",
                    "--objective", "100*(1-coverage) + 10*blur_obj_mean_px + 2*slot_angle_err_mean_deg",
                    "--train-seeds", "1-6", "--test-seeds", "101-106", "--max-evaluations", "60", "--no-plots")
    tuned = {row["key"]: row["tuned"] for row in console_tables(tune.stdout)[0]}
    weight, threshold = tuned["selection.weights.rotation_rate"], tuned["selection.threshold"]
    b = ["--b", f"selection.weights.rotation_rate={weight}", "--b", f"selection.threshold={threshold}"]
    rows = []
    for scenario in ("orbit-72", "shaky-hands", "fast-walk"):
        compare = tool.run("compare", scenario, *b, "--seeds", "101-110", "--no-plots").csv("compare.csv")
        cell = lambda metric, d: f"{fmt(float(one(compare, metric=metric)['mean_a']), d)} → {fmt(float(one(compare, metric=metric)['mean_b']), d)}"
        blur = one(compare, metric="blur_obj_mean_px")
        rows.append([f"`{scenario}`", cell("coverage", 3), cell("blur_obj_mean_px", 2),
                     f"{fmt(float(blur['mean_diff']), 2, sign=True)} [{fmt(float(blur['ci_low']), 2, sign=True)}, "
                     f"{fmt(float(blur['ci_high']), 2, sign=True)}], {blur['verdict']}", cell("slot_angle_err_mean_deg", 2)])
    alone = tool.run("compare", "shaky-hands", "--a", f"selection.threshold={threshold}", *b, "--seeds", "101-110",
                     "--no-plots").csv("compare.csv")
    blur, coverage = one(alone, metric="blur_obj_mean_px"), one(alone, metric="coverage")
    return (f"The tuning settles on w = {weight} and threshold {threshold} — the rate then ranks frames within a slot rather "
            f"than discarding them, which a threshold of 6 would do to every shaky frame. `orbitbench compare S --b "
            f"selection.weights.rotation_rate={weight} --b selection.threshold={threshold} --seeds 101-110` "
            f"(held-out seeds, paired):\n\n"
            + table(["scenario", "coverage, seed score → + rate term", "`blur_obj_mean_px`", "B − A, 95 % interval",
                     "slot angle error (°)"], rows)
            + f"\nAgainst the raised threshold alone (`--a selection.threshold={threshold}`) the rate term takes "
              f"`shaky-hands` blur from {fmt(float(blur['mean_a']))} to {fmt(float(blur['mean_b']))} px "
              f"({blur['verdict']}; coverage {fmt(float(coverage['mean_a']), 3)} and {fmt(float(coverage['mean_b']), 3)}).\n")


# ---------------------------------------------------------------------------------------------
# docs/validation.md: simulated fusion, calibration, motion statistics

FILTERS = ["complementary", "mahony", "madgwick", "bias-estimating"]


@recipe("fusion-simulated")
def _(tool):
    fusion = tool.run("fusion", "orbit-72", "magnetic-disturbance", "broad-like", "--no-plots").csv("fusion.csv")
    rows = []
    for scenario in dict.fromkeys(row["scenario"] for row in fusion):
        seeds = len(column(fusion, "att_rmse_total_deg", scenario=scenario, filter=FILTERS[0]))
        for filter in FILTERS:
            values = lambda metric, d=2: mean_sd(column(fusion, metric, scenario=scenario, filter=filter), d)
            cells = [values("att_rmse_total_deg"), values("att_rmse_heading_deg"), values("att_rmse_incl_deg"),
                     fmt(mean(column(fusion, "bias_err_dps", scenario=scenario, filter=filter)), 3)]
            if filter == "bias-estimating":
                cells = [f"**{cell}**" for cell in cells]
            first = f"`{scenario}` ({seeds} seeds)" if filter == FILTERS[0] else ""
            rows.append([first, f"**{filter}**" if filter == "bias-estimating" else filter, *cells])
    return table(["scenario", "filter", "total", "heading", "inclination", "bias error (°/s)"], rows)


@recipe("fusion-tripod")
def _(tool):
    fusion = tool.run("fusion", "tripod-ideal", "--filters", "bias-estimating", "--no-plots").csv("fusion.csv")
    return (f"On a tripod start (`tripod-ideal`) the bias-estimating filter's total RMSE is "
            f"{fmt(mean(column(fusion, 'att_rmse_total_deg')))}°, its bias error "
            f"{fmt(mean(column(fusion, 'bias_err_dps')), 3)} °/s.\n")


@recipe("calibrate-tapping", fast=True)
def _(tool):
    calibrate = tool.run("calibrate", "--recording", "data/broad/24_disturbed_tapping_A.hdf5", quiet=False)
    window = line_starting(calibrate.stdout, "still window").split(";")[0][len("still window "):]
    window = window.replace(" (", ", ").replace(")", "")  # "0.0–44.8 s, 45 s at 285.7 Hz"
    terms = calibrate.csv("noise.csv")
    taus = column(calibrate.csv("allan.csv"), "tau_s")
    units = {"deg_s_rthz": "°/s/√Hz", "ug_rthz": "µg/√Hz"}

    def noise(sensor):
        rows = [row for row in terms if row["sensor"] == sensor and row["term"] == "noise_density"]
        values = [float(row["value"]) for row in rows]
        spread = max((float(row["ci_high"]) - float(row["ci_low"])) / 2 / float(row["value"]) for row in rows)
        return values, spread, units[rows[0]["unit"]]

    gyro, gyro_spread, gyro_unit = noise("gyroscope")
    acc, _, acc_unit = noise("accelerometer")
    unidentified = all(row["identifiable"] == "0" for row in terms if row["term"] != "noise_density")
    return (f"On `24_disturbed_tapping_A` (still window {window}, τ up to {fmt(max(taus), 1)} s) it finds "
            f"N = {min(gyro):.2g}–{max(gyro):.2g} {gyro_unit} (95 % intervals within ±{fmt(100 * gyro_spread, 1)} %) "
            f"for the gyroscope and {min(acc):.3g}–{max(acc):.3g} {acc_unit} for the accelerometer; bias instability "
            f"and random walk are {'not identifiable there on any axis' if unidentified else 'identified on some axes (see the table it prints)'}.\n")


@recipe("motion-rotation")
def _(tool):
    motion = tool.run("motion", "broad-rotation", "--recording",
                      "data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5", quiet=False)
    return console_tables(motion.stdout)[0].markdown()


# ---------------------------------------------------------------------------------------------
# docs/validation.md: the real BROAD trials (ORBITBENCH_BROAD_DATA)

def trial_groups():
    """Each BROAD trial's groups, from the dataset's trials.json (a copy ships in data/broad/)."""
    return {trial: set(entry["groups"])
            for trial, entry in json.loads((ROOT / "data/broad/trials.json").read_text())["trials"].items()}


def trial_label(trial):
    number, rest = trial.split("_", 1)
    for word, shown in (("undisturbed_", ""), ("disturbed_", ""), ("_with_breaks", ", breaks"), ("_", " ")):
        rest = rest.replace(word, shown)
    return f"{number} {rest}"


def reference():
    """External per-trial figures (VQF, BROAD's own best-gain results): docs/data/."""
    return {row["trial"]: row for row in read_csv(ROOT / "docs/data/broad-reference.csv")}


def broad_fusion(tool, *extra):
    return tool.run("fusion", "--recording", *broad_trials(), "--no-attitude", "--no-plots", *extra)


def per_trial(rows, filter, metric="att_rmse_total_deg"):
    return {row["trial"]: float(row[metric]) for row in rows if row["filter"] == filter}


# Group rows of the 11-trial table: (label, groups a trial must belong to).
FUSION_GROUPS = [("rotation", {"undisturbed", "rotation"}), ("translation", {"undisturbed", "translation"}),
                 ("tapping", {"tapping"}), ("vibration", {"vibration"}),
                 ("stationary magnet", {"stationary_magnet"}), ("attached magnet", {"attached_magnet"})]


def short(trials):
    return ", ".join(trial.split("_")[0] for trial in trials)


@recipe("broad-fusion", needs_broad=True)
def _(tool):
    rows = broad_fusion(tool).csv("fusion.csv")
    groups_csv = broad_fusion(tool).csv("fusion-groups.csv")
    six = broad_fusion(tool, "--dof", "6", "--filters", "bias-estimating").csv("fusion-groups.csv")
    vqf = {trial: float(row["vqf_total_deg"]) for trial, row in reference().items()}
    results = {filter: per_trial(rows, filter) for filter in FILTERS}
    trials, groups = BROAD_TRIALS, trial_groups()

    def line(label, members):
        values = [mean([results[f][t] for t in members]) for f in FILTERS]
        reference_value = mean([vqf[t] for t in members])
        return [label, fmt(reference_value), *[fmt(v) for v in values[:-1]], f"**{fmt(values[-1])}**",
                fmt(values[-1] / reference_value)]

    table_rows = [line(trial_label(t), [t]) for t in trials]
    for label, needed in FUSION_GROUPS:
        members = [t for t in trials if needed <= groups[t]]
        table_rows.append(line(f"{label} ({short(members)})", members))
    for group in ("undisturbed", "disturbed", "all"):
        members = [t for t in trials if group == "all" or group in groups[t]]
        computed = line("", members)
        tool_means = [float(one(groups_csv, group=group, filter=f)["att_rmse_total_deg"]) for f in FILTERS]
        if [fmt(v) for v in tool_means] != [cell.strip("*") for cell in computed[2:6]]:
            raise ToolError(f"fusion-groups.csv disagrees with the per-trial means for {group}")
        label = f"all {len(members)}" if group == "all" else f"{group} ({len(members)})"
        table_rows.append([f"**{label}**" if group == "all" else label, *computed[1:]])
    six_d = " / ".join(fmt(float(one(six, group=g)["att_rmse_total_deg"])) for g in ("all", "undisturbed", "disturbed"))
    table_rows.append(["6D (`--dof 6`), bias-estimating: all / undisturbed / disturbed", "", "", "", "", six_d, ""])
    return table(["trial", "VQF (C++, defaults)", *FILTERS[:-1], "**bias-estimating**", "bias-estimating / VQF"],
                 table_rows)


@recipe("broad-best-gains", needs_broad=True)
def _(tool):
    madgwick = per_trial(broad_fusion(tool, "--filters", "madgwick", "--set", "fusion.madgwick.beta=0.12")
                         .csv("fusion.csv"), "madgwick")
    mahony = per_trial(broad_fusion(tool, "--filters", "mahony", "--set", "fusion.mahony.kp=0.74", "--set",
                                    "fusion.mahony.ki=0.0012").csv("fusion.csv"), "mahony")
    published = reference()
    rows = []
    for trial in BROAD_TRIALS:
        rows.append([trial_label(trial), published[trial]["madgwick_broad_best_deg"], fmt(madgwick[trial], 3),
                     published[trial]["mahony_broad_best_deg"], fmt(mahony[trial], 3)])
    rows.append(["mean", fmt(mean([float(published[t]["madgwick_broad_best_deg"]) for t in BROAD_TRIALS]), 3),
                 fmt(mean(madgwick.values()), 3),
                 fmt(mean([float(published[t]["mahony_broad_best_deg"]) for t in BROAD_TRIALS]), 3),
                 fmt(mean(mahony.values()), 3)])
    deviation = lambda ours, column: max(abs(ours[t] / float(published[t][column]) - 1) for t in BROAD_TRIALS)
    return (table(["trial", "madgwick, BROAD", "madgwick, here", "mahony, BROAD", "mahony, here"], rows)
            + f"\nMadgwick is within {fmt(100 * deviation(madgwick, 'madgwick_broad_best_deg'), 2)} % of BROAD's "
              f"figure on every trial, Mahony within {fmt(100 * deviation(mahony, 'mahony_broad_best_deg'), 1)} %.\n")


@recipe("broad-mahony-default", needs_broad=True)
def _(tool):
    mahony = per_trial(broad_fusion(tool).csv("fusion.csv"), "mahony")
    translations = [t for t in BROAD_TRIALS if {"translation", "fast"} <= trial_groups()[t]]
    return (f"The default Mahony gains (k_P = 1, k_I = 0.05) give {fmt(mean(mahony.values()))}° over the eleven "
            f"trials, " + " and ".join(f"{fmt(mahony[t], 1)}° on trial {t.split('_')[0]}" for t in translations)
            + ".\n")


@recipe("broad-bias-estimating", needs_broad=True)
def _(tool):
    rows = broad_fusion(tool).csv("fusion.csv")
    ours, vqf = per_trial(rows, "bias-estimating"), {t: float(r["vqf_total_deg"]) for t, r in reference().items()}
    ratios = sorted(((ours[t] / vqf[t], t) for t in BROAD_TRIALS), reverse=True)
    return (f"The bias-estimating filter, with the same defaults on every trial, is at {fmt(mean(ours.values()))}° "
            f"on the eleven trials against VQF's {fmt(mean(vqf[t] for t in BROAD_TRIALS))}°, and within "
            f"{fmt(ratios[0][0])}× of VQF on every one (the largest ratios: "
            + "; ".join(f"{fmt(r)}× on {trial_label(t)}" for r, t in ratios[:3]) + ").\n")


# The handheld scenarios and the BROAD groups they simulate (groups as in trials.json).
HANDHELD = [("rotation", "broad-rotation", {"undisturbed", "rotation", "slow"}),
            ("fast rotation", "broad-fast-rotation", {"undisturbed", "rotation", "fast"}),
            ("translation", "broad-translation", {"undisturbed", "translation", "slow"}),
            ("fast translation", "broad-fast-translation", {"undisturbed", "translation", "fast"}),
            ("tapping", "broad-tapping", {"tapping"}), ("vibration", "broad-vibration", {"vibration"}),
            ("stationary magnet", "broad-stationary-magnet", {"stationary_magnet"}),
            ("attached magnet", "broad-attached-magnet", {"attached_magnet"})]
LETTERS = {"bias-estimating": "B", "complementary": "C", "mahony": "Mh", "madgwick": "Mw"}


def real_and_simulated(tool):
    """Per handheld group: its real trials, each filter's per-trial real RMSE, and the simulated
    per-seed RMSE."""
    real = broad_fusion(tool).csv("fusion.csv")
    simulated = tool.run("fusion", *[scenario for _, scenario, _ in HANDHELD], "--no-plots").csv("fusion.csv")
    groups, found = trial_groups(), []
    for label, scenario, needed in HANDHELD:
        trials = [t for t in BROAD_TRIALS if needed <= groups[t]]
        found.append((label, scenario, trials,
                      {f: [per_trial(real, f)[t] for t in trials] for f in FILTERS},
                      {f: column(simulated, "att_rmse_total_deg", scenario=scenario, filter=f) for f in FILTERS}))
    return found


def ranking(means):
    return sorted(FILTERS, key=lambda f: means[f])


@recipe("broad-real-vs-simulated", needs_broad=True)
def _(tool):
    rows, factors, best, whole, bias_ok = [], [], 0, [], 0
    groups = real_and_simulated(tool)
    for label, scenario, trials, real, simulated in groups:
        real_mean = {f: mean(real[f]) for f in FILTERS}
        sim_mean = {f: mean(simulated[f]) for f in FILTERS}
        cells = []
        for f in FILTERS:
            factor = sim_mean[f] / real_mean[f]
            inside = 1 / 1.5 <= factor <= 1.5
            factors.append(inside)
            bias_ok += inside and f == "bias-estimating"
            cells.append(f"{fmt(real_mean[f])} / {fmt(sim_mean[f])} ({fmt(factor)}{'' if inside else ' ✗'})")
        real_rank, sim_rank = ranking(real_mean), ranking(sim_mean)
        best += real_rank[0] == sim_rank[0]
        if real_rank == sim_rank:
            whole.append(label)
        show = lambda order: " < ".join(LETTERS[f] for f in order)
        rows.append([f"{label} ({short(trials)})", f"`{scenario}`", *cells, show(real_rank),
                     show(sim_rank) + ("" if real_rank == sim_rank else " ✗")])
    met = all(factors) and len(whole) == len(groups)
    return (table(["group (real trials)", "scenario", *FILTERS, "ranking real", "ranking simulated"], rows)
            + f"\n{sum(factors)} of {len(factors)} factors are within 1.5 (the bias-estimating filter's in {bias_ok} of "
              f"{len(groups)} groups), the best filter is the same in {best} of {len(groups)} groups, and the full "
              f"ranking of the four agrees in {len(whole)} ({', '.join(whole) if whole else 'none'}). The issue's "
              f"target (every factor within 1.5, the same ranking everywhere) is {'met' if met else 'not met'}.\n")


@recipe("broad-pairs", needs_broad=True)
def _(tool):
    consistent, agreeing, reversed_pairs, group_count = 0, 0, [], 0
    for label, scenario, trials, real, simulated in real_and_simulated(tool):
        if len(trials) < 2:
            continue
        group_count += 1
        for i, a in enumerate(FILTERS):
            for b in FILTERS[i + 1:]:
                gaps = [rb - ra for ra, rb in zip(real[a], real[b])]  # > 0: a better on that trial
                if not (all(g > 0 for g in gaps) or all(g < 0 for g in gaps)):
                    continue
                consistent += 1
                winner, loser = (a, b) if gaps[0] > 0 else (b, a)
                if mean(simulated[winner]) < mean(simulated[loser]):
                    agreeing += 1
                    continue
                seeds = sum(w > l for w, l in zip(simulated[winner], simulated[loser]))
                lows = sorted(abs(g) for g in gaps)
                reversed_pairs.append(
                    f"{winner} vs {loser} in {label} (real: {winner} better in {len(trials)} of {len(trials)} trials, by "
                    f"{fmt(lows[0])}–{fmt(lows[-1])}°; simulated: {loser} better on average, "
                    f"{fmt(mean(simulated[loser]))}° vs {fmt(mean(simulated[winner]))}°, and on {seeds} of "
                    f"{len(simulated[winner])} seeds)")
    text = (f"Counting only the pairs of filters that every real trial of a group orders the same way ({consistent} "
            f"pairs in the {group_count} groups with more than one trial), the simulation orders {agreeing} of them "
            f"the same way")
    if reversed_pairs:
        text += f". The {len(reversed_pairs)} it reverses: " + "; ".join(reversed_pairs)
    return text + ".\n"


# ---------------------------------------------------------------------------------------------
# docs/guides/plugins.md: Examples/CustomSelector (built by make test and make docs-check)

EXAMPLE = ROOT / ".build/debug/CustomSelector"


@recipe("plugins-example")
def _(tool):
    if not EXAMPLE.exists():
        raise ToolError(f"{EXAMPLE.relative_to(ROOT)} is not built: swift build --product CustomSelector")
    csv_file = tool.scratch / "custom-selector.csv"
    tool.run(str(csv_file), str(tool.scratch / "custom-selector-report"), out=False, binary=str(EXAMPLE))
    rows = read_csv(csv_file)
    lines = [[row["scenario"], row["variant"], fmt(float(row["coverage"]), 3), fmt(float(row["slot_angle_err_mean_deg"])),
              f"{fmt(float(row['blur_sel_mean_px']))} / {fmt(float(row['blur_all_mean_px']))}",
              fmt(float(row["att_rmse_incl_deg"]))] for row in rows]
    return table(["scenario", "selector + filter", "coverage", "slot angle error (°)", "blur selected / all (px)",
                  "inclination RMSE (°)"], lines)


# ---------------------------------------------------------------------------------------------
# docs/guides/comparing.md

def arms_comparison(tool):
    return tool.run("compare", "shaky-hands", "orbit-72", "--arm", "low:selection.threshold=4", "--arm", "default:",
                    "--arm", "high:selection.threshold=17", "--seeds", "1-10", "--no-plots")


@recipe("compare-arms", fast=True)
def _(tool):
    """comparison.md of the three-arm example, as the tool wrote it."""
    return (arms_comparison(tool).out / "comparison.md").read_text()


@recipe("compare-arms-pairs", fast=True)
def _(tool):
    """The pairs of coverage and of the object blur from pairs.csv."""
    rows = [row for row in read_csv(arms_comparison(tool).out / "pairs.csv")
            if row["metric"] in ("coverage", "blur_obj_mean_px")]
    return table(["metric", "arm", "against", "median difference", "95 % interval", "Wilcoxon p", "Holm p", "verdict"],
                 [[f"`{row['metric']}`", row["arm_b"], row["arm_a"], fmt(float(row["median_diff"]), 3),
                   f"[{fmt(float(row['ci_low']), 3)}, {fmt(float(row['ci_high']), 3)}]" if row["ci_low"] else "–",
                   fmt(float(row["wilcoxon_p"]), 4), fmt(float(row["holm_p"]), 4), row["verdict"]] for row in rows])


# ---------------------------------------------------------------------------------------------
# docs/validation.md, "Out of sample": orbitbench validate on the eleven trials

def validation(tool, *extra):
    return tool.run("validate", "--recording", *broad_trials(), "--no-plots", *extra)


def factor_cell(text):
    """A factor from the console table ("0.78", "1.57✗", "–") as the docs show it."""
    return text.replace("✗", " ✗") if text not in ("", "–") else "–"


def validation_figures(run):
    """The per-trial rows, the per-group console table and the counts of a validate run:
    factors within 1.5 and calibration scores, in and out of sample, each (hits, total)."""
    rows = read_csv(run.out / "validation.csv")
    summary = run.file("validation-summary.txt").read_text()
    groups = next(t for t in console_tables(summary) if "trials" in t.header)
    within = lambda text: text not in ("", "–") and "✗" not in text
    held = [r for r in rows if r["oos_status"] == "predicted"]
    out_factors = [r["OOS f"] for r in groups if r["OOS f"] not in ("", "–")]
    return rows, groups, summary, {
        "is_factors": (sum(within(r["IS f"]) for r in groups), len(groups)),
        "oos_factors": (sum(map(within, out_factors)), len(out_factors)),
        "is_score": (sum(r["is_inside"] == "1" for r in rows), len(rows)),
        "oos_score": (sum(r["oos_inside"] == "1" for r in held), len(held)),
    }


def share(counts):
    hits, total = counts
    # Halves round up, as the tool's own percentages (Swift's rounded()) do.
    return f"{hits} of {total} ({int(100 * hits / total + 0.5)} %)" if total else "none"


@recipe("validate-table", needs_broad=True)
def _(tool):
    run = validation(tool)
    rows, group_table, summary, counts = validation_figures(run)
    ranks = {line.split(":")[0]: line for line in summary.split("\n") if " real " in line and "; in sample " in line}
    lines = []
    for group in dict.fromkeys(cells["group"] for cells in group_table):
        cells = {r["filter"]: r for r in group_table if r["group"] == group}
        trials = sorted({row["trial"].split("_")[0] for row in rows if row["group"] == group})
        real, rest = ranks[group].split(": ", 1)[1].split("; in sample ")
        inside, _, outside = rest.partition("; out of sample ")
        lines.append([f"{group} ({', '.join(trials)})",
                      *[f"{factor_cell(cells[f]['IS f'])} / {factor_cell(cells[f]['OOS f'])}" for f in FILTERS],
                      real.removeprefix("real "), inside, outside or "one trial"])
    held = [r for r in rows if r["oos_status"] == "predicted"]
    # The tool's own word for the out-of-sample score ("calibrated", "over-confident", …).
    words = " ".join(summary.split())
    calibration = words[words.index("Calibration score"):]
    verdict = calibration.split("out of sample ", 1)[1].split(": ", 1)[1].split(")", 1)[0] if held else "not measured"
    misses = [f"{r['trial'].split('_')[0]} {r['filter']} ({fmt(float(r['real_rmse_deg']))}° against "
              f"{fmt(float(r['oos_p10_deg']))}–{fmt(float(r['oos_p90_deg']))}°)"
              for r in held if r["oos_inside"] != "1"]
    return (table(["group (trials)", *[f"{f}: IS / OOS" for f in FILTERS], "ranking real", "in sample", "out of sample"],
                  lines)
            + f"\nFactors predicted / real of the group means within 1.5: in sample {share(counts['is_factors'])}, "
              f"out of sample {share(counts['oos_factors'])}. Calibration score (the real error inside the seeds' "
              f"10–90 % interval): in sample {share(counts['is_score'])}, out of sample {share(counts['oos_score'])}, "
              f"{verdict}. Outside their out-of-sample interval: " + ("; ".join(misses) or "none") + ".\n")


# The mechanisms validate calibrates beyond the scenarios' first keys, with what each is
# measured or fitted from; the recipe runs validate without each (--keep) to show its effect.
MECHANISMS = [
    ("bursts along a body axis", "handheld.translation_axis_share",
     "the share of the linear acceleration along its principal body axis"),
    ("lever arm", "handheld.lever_arm_m",
     "least squares of the linear acceleration on ω̇×ℓ + ω×(ω×ℓ)"),
    ("IMU delay", "imu.delay_ms", "the lag that best aligns the gyroscope with the reference's rotation rate"),
]


@recipe("validate-mechanisms", needs_broad=True)
def _(tool):
    _, _, _, calibrated = validation_figures(validation(tool))
    lines = []
    for name, key, statistic in MECHANISMS:
        _, _, _, kept = validation_figures(validation(tool, "--keep", key))
        lines.append([name, f"`{key}`", statistic,
                      *[f"{share(kept[c])} → {share(calibrated[c])}" for c in ("oos_factors", "oos_score", "is_factors")]])
    return table(["mechanism", "key", "calibrated from", "out of sample: factors within 1.5", "calibration score",
                  "in sample: factors within 1.5"], lines)


@recipe("validate-unforeseen", needs_broad=True)
def _(tool):
    """Per held-out trial, the measured or fitted keys that fall outside the 10–90 % range its
    fold draws them from: what the other trials of its group could not show."""
    run = validation(tool)
    fits = {(row["trial"], row["key"]): row for row in read_csv(run.out / "fits.csv")}
    trials = {row["trial"].split("_")[0]: row["trial"] for row in read_csv(run.out / "validation.csv")}
    items = []
    for row in read_csv(run.out / "calibration.csv"):
        if not row["fold"].startswith("without "):
            continue
        short_name = row["fold"].removeprefix("without ")
        fit = fits.get((trials[short_name], row["key"]))
        if not fit or row["estimated"] != "1":
            continue
        value, low, high = float(fit["value"]), float(row["draw_p10"]), float(row["draw_p90"])
        if low <= value <= high:
            continue
        digits = 2 if max(abs(value), abs(low), abs(high)) >= 1 else 3
        unit = row["unit"] if row["unit"] == "°" else f" {row['unit']}"
        items.append((row["group"], short_name, row["training"],
                      f"`{row['key']}` {fmt(value, digits)}{unit} (drawn {fmt(low, digits)} to {fmt(high, digits)})"))
    lines = []
    for group in dict.fromkeys(item[0] for item in items):
        for held in dict.fromkeys(item[1] for item in items if item[0] == group):
            found = [item for item in items if item[0] == group and item[1] == held]
            lines.append(f"- **{group}, {held} predicted from {found[0][2]}:** " + "; ".join(i[3] for i in found) + ".")
    return "\n".join(lines) + "\n" if lines else "Every held-out trial's keys lie inside the ranges its fold draws.\n"
