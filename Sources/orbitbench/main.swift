import ArgumentParser
import OrbitBenchCLI

/// `orbitbench`: every command of the OrbitBenchCLI library (an executable of your own that
/// registers plug-ins gets them too, docs/guides/plugins.md), and `bench`, which only this
/// executable has: the timing harness stays out of what embedders link.
struct OrbitBenchTool: ParsableCommand {
    static let configuration: CommandConfiguration = {
        var configuration = OrbitBenchCommand.configuration
        configuration.subcommands.append(BenchCommand.self)
        return configuration
    }()
}

OrbitBenchCommand.main(root: OrbitBenchTool.self)
