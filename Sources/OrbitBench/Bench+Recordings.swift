extension Bench {
    /// A recording file (BROAD HDF5, EuRoC or mapped CSV), read with `isolation` for HDF5.
    public static func sensorRecording(_ path: String, mapping: CSVMapping? = nil, isolation: RecordingIsolation = .probe) throws -> SensorRecording {
        if RecordingProbe.needsIsolation(path, mapping: mapping) { try RecordingProbe.probe(path, isolation: isolation) }
        return try RecordingLoader.read(path, mapping: mapping)
    }
}
