import OrbitBenchCLI

// All commands live in the OrbitBenchCLI library, so an executable that registers its own
// selectors and filters gets every command too (docs/guides/plugins.md).
OrbitBenchCommand.main()
