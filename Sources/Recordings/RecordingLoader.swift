/// Picks the reader for a file: BROAD HDF5 (`.hdf5`, `.h5`), EuRoC IMU CSV (a `.csv` whose
/// header starts with `#timestamp`), or any CSV with a column mapping; then replaces samples
/// beyond `limits` by NaN (counted in `outOfRange`, skipped by the filters).
public enum RecordingLoader {
    public static func read(_ path: String, mapping: CSVMapping? = nil, limits: SensorLimits = .default) throws(RecordingError)
        -> SensorRecording
    {
        var recording = try readRaw(path, mapping: mapping)
        recording.rejectOutOfRange(limits)
        return recording
    }

    static func readRaw(_ path: String, mapping: CSVMapping?) throws(RecordingError) -> SensorRecording {
        let lower = path.lowercased()
        if let mapping { return try MappedCSVReader.read(path, mapping: mapping) }
        if lower.hasSuffix(".hdf5") || lower.hasSuffix(".h5") { return try BROADReader.read(path) }
        if lower.hasSuffix(".csv") {
            if try EuRoCReader.looksLikeEuRoC(path) { return try EuRoCReader.read(path) }
            throw RecordingError(
                file: path, message: "not an EuRoC IMU file (header '#timestamp [ns],w_RS_S_x …'); describe its columns with --mapping FILE.yaml")
        }
        throw RecordingError(file: path, message: "unknown recording format: expected .hdf5 (BROAD) or .csv (EuRoC, or any CSV with --mapping)")
    }
}
