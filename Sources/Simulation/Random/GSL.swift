import CGSL

/// An error reported by a GSL routine, with GSL's own message (`gsl_strerror`).
public struct GSLError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let context: String

    public init(code: Int32, context: String) {
        self.code = code
        self.context = context
    }

    public var description: String {
        let reason = gsl_strerror(code).map { String(cString: $0) } ?? "GSL error \(code)"
        return "\(context): \(reason)"
    }
}

enum GSL {
    /// GSL's default error handler prints and aborts. Every entry point that calls GSL touches
    /// this once so return codes come back to Swift instead.
    static let errorHandlerDisabled: Void = {
        _ = gsl_set_error_handler_off()
    }()

    /// Throws for a non-zero GSL status.
    static func check(_ status: Int32, _ context: @autoclosure () -> String) throws(GSLError) {
        if status != Int32(GSL_SUCCESS) { throw GSLError(code: status, context: context()) }
    }
}
