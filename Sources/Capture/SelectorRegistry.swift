import Fusion

/// Selection code written outside this package, by name: after
///
///     try SelectorRegistry.register("lowest-blur") { settings in LowestBlurSelector(settings: settings) }
///
/// `selection.selector: lowest-blur` works in scenarios, `--set selection.selector=lowest-blur`
/// (also with `replay`), `--vary selection.selector=…` sweeps, tuning and regress. The factory
/// gets the scenario's `CaptureSettings` (slot count, lookup time, orientation, ...) and returns
/// a fresh selector each call, possibly from several threads.
public enum SelectorRegistry {
    static let builtInNames = [SelectorName.outerCircle.rawValue]
    static let factories = NamedFactories<CaptureSettings, any FrameSelector>(kind: "selector", builtIn: builtInNames)

    /// Registers `make` under `name` with the `parameters` it reads (`selection.parameters.<name>`);
    /// throws `RegistrationError` for a malformed, built-in or taken name or a bad declaration.
    public static func register<Selector: FrameSelector>(
        _ name: String, summary: String = "", parameters: [PluginParameter] = [], make: @escaping @Sendable (CaptureSettings) -> Selector
    ) throws(RegistrationError) {
        try factories.register(name, summary: summary, parameters: parameters) { make($0) }
    }

    /// The parameters `name` declared (empty for the built-in ones); `nil` for an unknown name.
    public static func parameters(of name: String) -> [PluginParameter]? {
        builtInNames.contains(name) ? [] : factories.parameters(of: name)
    }

    /// Removes a registered selector; the built-in stays.
    public static func unregister(_ name: String) { factories.unregister(name) }

    /// Registered names, in registration order.
    public static var names: [String] { factories.names }

    public static func summary(of name: String) -> String? { factories.summary(of: name) }

    static func isRegistered(_ name: String) -> Bool { factories.contains(name) }

    @usableFromInline
    static func make(_ name: String, settings: CaptureSettings) -> (any FrameSelector)? { factories.make(name, settings) }
}
