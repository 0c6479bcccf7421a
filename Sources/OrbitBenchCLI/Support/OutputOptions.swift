import ArgumentParser

/// `--no-plots` of every command that draws figures (plots/*.png).
struct PlotOptions: ParsableArguments {
    @Flag(help: "Skip the PNG figures (plots/*.png).")
    var noPlots = false
}

/// How a command treats its output folder.
struct OutputOptions: ParsableArguments {
    @Flag(
        help:
            "Replace a non-empty output folder that another command (or no orbitbench command) wrote; the same command replaces its own folder without it."
    )
    var overwrite = false
}
