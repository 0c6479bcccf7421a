/// The version printed by `orbitbench --version` and written into report provenance.
public enum ToolVersion {
    public static let current = "0.1.0"
}
