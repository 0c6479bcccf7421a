/// A filter this package provides. Everything about it lives in its own file in `Filters/`: its
/// name, its `Settings` with their scenario keys (`fusion.<settingsSection>.<key>`), and its
/// `Coefficients` and `State`. One line in `BuiltInFilters.visitAll` lists it; from there come
/// `FilterName.builtIn`, `FusionSettings.withFilter`, the settings stored in `FusionSettings`
/// and the scenario keys.
public protocol BuiltInFilter: AttitudeFilter where Settings: BuiltInFilterSettings {
    /// Everything the filter has learned (attitude, bias, counters, …), `reset()` to the state
    /// before any sample.
    associatedtype State: Sendable, Equatable
    var state: State { get set }
    /// Its name in scenarios and on the command line.
    static var name: FilterName { get }
    /// The scenario section of its settings, `fusion.<settingsSection>`.
    static var settingsSection: String { get }
    /// What the section holds, one line for the key reference.
    static var settingsHelp: String { get }
}

/// The settings of a built-in filter: one `default`, and the keys a scenario sets them by.
public protocol BuiltInFilterSettings: Sendable, Equatable {
    /// The defaults, as documented on each property; the only place they are written.
    static var `default`: Self { get }
    /// The scenario keys, in the order the key reference lists them.
    static var keys: [SettingKey<Self>] { get }
}

/// One scenario key of a built-in filter's settings: a number in `range` in the file's unit
/// (the unit ends the key's name: `_s`, `_dps`, …), stored in the settings multiplied by
/// `scale` (degrees in the file, radians in the settings).
public struct SettingKey<Settings> {
    public var name: String
    public var keyPath: WritableKeyPath<Settings, Double>
    public var range: ClosedRange<Double>
    public var scale: Double
    /// One line: what the number does.
    public var help: String

    public init(_ name: String, _ keyPath: WritableKeyPath<Settings, Double>, _ range: ClosedRange<Double>, scale: Double = 1, help: String) {
        self.name = name
        self.keyPath = keyPath
        self.range = range
        self.scale = scale
        self.help = help
    }
}

/// Work to do with each built-in filter type (`BuiltInFilters.visitAll`).
public protocol BuiltInFilterVisitor {
    mutating func visit<Filter: BuiltInFilter>(_ filter: Filter.Type)
}

public enum BuiltInFilters {
    /// Calls `visitor` with every built-in filter type, in the order of `FilterName.builtIn`.
    /// A new built-in filter is one line here. Inlinable, so that each call is compiled for its
    /// concrete type: a visitor that runs a filter gets a loop specialised for it.
    @inlinable
    public static func visitAll<Visitor: BuiltInFilterVisitor>(_ visitor: inout Visitor) {
        visitor.visit(ComplementaryFilter.self)
        visitor.visit(MahonyFilter.self)
        visitor.visit(MadgwickFilter.self)
        visitor.visit(BiasEstimatingFilter.self)
    }
}
