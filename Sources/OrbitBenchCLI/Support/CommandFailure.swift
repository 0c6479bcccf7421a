/// A failure of a command at run time (bad file content, not bad arguments): printed as one
/// "Error: …" line without the usage text ArgumentParser adds for `ValidationError`.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
