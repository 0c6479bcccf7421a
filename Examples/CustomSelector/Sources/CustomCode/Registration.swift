import OrbitBench

/// Registers the team's selector and filter under names; from then on they work like the
/// built-in ones (`selection.selector: lowest-blur`, `fusion.filter: gyro-only`, `--filters`).
public func registerCustomCode() throws {
    try SelectorRegistry.register(
        "lowest-blur", summary: "per slot the frame with the lowest |ω| × exposure", parameters: LowestBlurSelector.parameters
    ) { LowestBlurSelector(settings: $0) }
    try FilterRegistry.register(
        "gyro-only", summary: "gyroscope integration from an accelerometer tilt", parameters: GyroOnlyFilter.parameters
    ) { settings in GyroOnlyFilter(settings: .init(tiltGain: settings.parameters["tilt_gain"] ?? 0)) }
}
