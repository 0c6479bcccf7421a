import ArgumentParser

@main
struct OrbitBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orbitbench",
        abstract: "Test bench for phone capture software: simulate orbits, run the real fusion, selection and guidance code, measure the result.",
        discussion: """
            OrbitBench simulates a person walking around an object with a phone (sensors, camera, \
            processing pipeline), feeds the synthetic streams through the attitude fusion, 360° \
            frame selection and rephoto guidance code, and reports coverage, blur, angle accuracy \
            and key-point alignment as CSV and PNG plots.

            Subcommands arrive with the simulation, fusion, capture and rephoto work; see README.md.
            """,
        version: ToolVersion.current
    )
}
