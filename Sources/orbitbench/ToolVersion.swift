/// The version printed by `orbitbench --version` and written into report provenance.
enum ToolVersion {
    static let current = "0.1.0"
}
