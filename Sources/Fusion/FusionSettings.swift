/// Settings for every built-in filter plus which filter to use: the fusion part of a scenario.
public struct FusionSettings: Sendable, Equatable {
    /// The filter that produces the DeviceMotion stream; default `bias-estimating`.
    public var filter = FilterName.biasEstimating
    public var referenceFrame = ReferenceFrame.xArbitraryCorrectedZVertical
    /// Parameters of a registered filter by name (`fusion.parameters.<name>`), for its factory;
    /// the built-in filters have their own sections.
    public var parameters: [String: Double] = [:]
    /// The built-in filters' settings that differ from their defaults, by filter name.
    private var changed: [FilterName: StoredSettings] = [:]

    public init() {}

    /// The settings of the built-in filter `Filter`: its `Settings.default` until set.
    public subscript<Filter: BuiltInFilter>(_ filter: Filter.Type) -> Filter.Settings {
        get { self[SettingsOf<Filter>()] }
        set { self[SettingsOf<Filter>()] = newValue }
    }

    /// The path to `Filter`'s settings, for the scenario schema.
    public static func settingsPath<Filter: BuiltInFilter>(_ filter: Filter.Type) -> WritableKeyPath<FusionSettings, Filter.Settings> {
        \FusionSettings[SettingsOf<Filter>()]
    }

    /// A key path needs a hashable subscript argument; a type is not one.
    private struct SettingsOf<Filter: BuiltInFilter>: Hashable {}

    private subscript<Filter: BuiltInFilter>(_ key: SettingsOf<Filter>) -> Filter.Settings {
        get { changed[Filter.name].map { $0.value as! Filter.Settings } ?? .default }
        set { changed[Filter.name] = newValue == .default ? nil : StoredSettings(value: newValue) }
    }

    /// Settings of some built-in filter, compared by value.
    private struct StoredSettings: Sendable, Equatable {
        var value: any BuiltInFilterSettings

        static func == (lhs: StoredSettings, rhs: StoredSettings) -> Bool {
            func equal<Settings: BuiltInFilterSettings>(_ value: Settings) -> Bool { rhs.value as? Settings == value }
            return equal(lhs.value)
        }
    }
}

// The 0.1 settings had a stored property per built-in filter; since 0.2 they are reached by the
// filter's type (`settings[MahonyFilter.self]`). Kept for one minor version (CHANGELOG.md).
extension FusionSettings {
    @available(*, deprecated, message: "use self[ComplementaryFilter.self]")
    public var complementary: ComplementaryFilter.Settings {
        get { self[ComplementaryFilter.self] }
        set { self[ComplementaryFilter.self] = newValue }
    }
    @available(*, deprecated, message: "use self[MahonyFilter.self]")
    public var mahony: MahonyFilter.Settings {
        get { self[MahonyFilter.self] }
        set { self[MahonyFilter.self] = newValue }
    }
    @available(*, deprecated, message: "use self[MadgwickFilter.self]")
    public var madgwick: MadgwickFilter.Settings {
        get { self[MadgwickFilter.self] }
        set { self[MadgwickFilter.self] = newValue }
    }
    @available(*, deprecated, message: "use self[BiasEstimatingFilter.self]")
    public var biasEstimating: BiasEstimatingFilter.Settings {
        get { self[BiasEstimatingFilter.self] }
        set { self[BiasEstimatingFilter.self] = newValue }
    }
}
