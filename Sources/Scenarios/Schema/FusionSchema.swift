import Fusion

/// How the phone's magnetometer calibration relates to the simulated hard and soft iron.
public enum MagnetometerCalibrationMode: String, CaseIterable, Sendable {
    /// The phone has calibrated exactly (the inverse of the simulated errors is applied).
    case ideal
    /// Raw readings go to the filter.
    case none
}

/// The fusion part of a scenario: the filters' settings plus how the simulated phone
/// calibrates its magnetometer. `scenario.fusion.filter` reads through to `settings`.
@dynamicMemberLookup
public struct FusionScenarioSettings: Sendable, Equatable {
    /// Which filter, in which reference frame, with which parameters.
    public var settings = FusionSettings()
    public var magnetometerCalibration = MagnetometerCalibrationMode.ideal
    public init() {}

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<FusionSettings, Value>) -> Value {
        get { settings[keyPath: keyPath] }
        set { settings[keyPath: keyPath] = newValue }
    }
}

extension ConfigSchema where Root == FusionScenarioSettings {
    static var fusion: ConfigSchema {
        var sections = FilterSections()
        BuiltInFilters.visitAll(&sections)
        let fields: [ConfigField<FusionScenarioSettings>] =
            [
                .choice(
                    "filter", \.settings.filter,
                    help: "attitude filter feeding the capture code: a built-in one or a name registered with FilterRegistry"),
                .choice("reference_frame", \.settings.referenceFrame, help: "CoreMotion reference frame of the DeviceMotion stream"),
                .choice(
                    "magnetometer_calibration", \.magnetometerCalibration,
                    help: "ideal: the phone removes the simulated hard/soft iron; none: raw field"),
            ] + sections.fields + [
                .numberMap(
                    "parameters", \.settings.parameters,
                    help: "a registered filter's parameters, as declared at registration (FusionSettings.parameters)")
            ]
        return ConfigSchema(fields)
    }
}

/// A section per built-in filter, from the keys its settings declare.
private struct FilterSections: BuiltInFilterVisitor {
    var fields: [ConfigField<FusionScenarioSettings>] = []

    mutating func visit<Filter: BuiltInFilter>(_ filter: Filter.Type) {
        let keys = Filter.Settings.keys.map { ConfigField<Filter.Settings>.number($0.name, $0.keyPath, $0.range, scale: $0.scale, help: $0.help) }
        let settings: WritableKeyPath<FusionScenarioSettings, FusionSettings> = \.settings
        let path = settings.appending(path: FusionSettings.settingsPath(Filter.self))
        fields.append(.section(Filter.settingsSection, path, ConfigSchema<Filter.Settings>(keys), help: Filter.settingsHelp))
    }
}
