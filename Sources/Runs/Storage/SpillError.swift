/// Failure to move records to, or read them back from, the spill folder.
public struct SpillError: Error, CustomStringConvertible, Sendable {
    public let directory: String
    public let reason: String
    public var description: String { "\(directory): cannot keep run records in a temporary file (\(reason))" }
}
