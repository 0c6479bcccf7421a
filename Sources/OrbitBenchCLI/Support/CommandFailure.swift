/// A failure of a command at run time (bad file content, not bad arguments): printed as one
/// "Error: …" line without the usage text ArgumentParser adds for `ValidationError`.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// `body`'s result; an error it throws (a file's, a scenario's: its text names the place)
    /// becomes this one line, after `context`.
    static func wrapping<Value>(_ context: String = "", _ body: () throws -> Value) throws(CommandFailure) -> Value {
        do { return try body() } catch { throw CommandFailure(context + "\(error)") }
    }
}
