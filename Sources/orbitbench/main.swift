import OrbitBenchCLI

// All commands live in the OrbitBenchCLI library, so an executable that registers its own
// selectors and filters gets every command too (README, "Bring your own code").
OrbitBenchCommand.main()
