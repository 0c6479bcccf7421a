/// Filters written outside this package, by name. Register once at start-up, before loading
/// scenarios that name them; after that the name works wherever a built-in filter's does
/// (`fusion.filter: gyro-only` in a scenario, `--filters gyro-only,bias-estimating`, sweeps,
/// tuning, regress).
///
///     try FilterRegistry.register("gyro-only", summary: "integrates the gyroscope") { _ in GyroOnlyFilter() }
///
/// The factory gets the scenario's `FusionSettings` (reference frame, the built-in filters'
/// settings) and returns a fresh filter each call; runs on several threads may call it at once.
public enum FilterRegistry {
    static let builtInNames = FilterName.builtIn.map(\.rawValue)
    static let factories = NamedFactories<FusionSettings, any AttitudeFilter>(kind: "filter", builtIn: builtInNames)

    /// Registers `make` under `name` with the `parameters` it reads (`fusion.parameters.<name>`);
    /// throws `RegistrationError` for a malformed, built-in or taken name or a bad declaration.
    public static func register<Filter: AttitudeFilter>(
        _ name: String, summary: String = "", parameters: [PluginParameter] = [], make: @escaping @Sendable (FusionSettings) -> Filter
    ) throws(RegistrationError) {
        try factories.register(name, summary: summary, parameters: parameters) { make($0) }
    }

    /// The parameters `name` declared (empty for the built-in ones); `nil` for an unknown name.
    public static func parameters(of name: String) -> [PluginParameter]? {
        builtInNames.contains(name) ? [] : factories.parameters(of: name)
    }

    /// Removes a registered filter (tests; an unloaded plug-in). Built-ins stay.
    public static func unregister(_ name: String) { factories.unregister(name) }

    /// Registered names, in registration order.
    public static var names: [String] { factories.names }

    /// The one-line summary given at registration.
    public static func summary(of name: String) -> String? { factories.summary(of: name) }

    static func isRegistered(_ name: String) -> Bool { factories.contains(name) }

    @usableFromInline
    static func make(_ name: String, settings: FusionSettings) -> (any AttitudeFilter)? { factories.make(name, settings) }
}
