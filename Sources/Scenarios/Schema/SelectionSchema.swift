import Capture

extension ConfigSchema where Root == CaptureSettings {
    static var selection: ConfigSchema {
        ConfigSchema([
            .choice("selector", \.selector, help: "selection code: outer-circle (built in) or a name registered with SelectorRegistry"),
            .integer("slots", \.slotCount, 4...3600, help: "slots around the circle (72 = one per 5°)"),
            .choice("angle_source", \.angleSource, help: "euler_yaw: the seed's CoreMotion yaw; optical_axis: azimuth of the camera axis"),
            .section(
                "weights", \.weights, .weights, help: "weights of the quality distance (the seed's 4D terms and an optional rotation-rate term)"),
            .number("threshold", \.threshold, 0...1000, help: "frames whose quality distance exceeds this are discarded"),
            .choice("lookup_at", \.lookupTime, help: "when in the exposure the motion is looked up"),
            .flag("flood_guard", \.floodGuard, help: "coalesce motion floods"),
            .number("flood_guard_max_rate_hz", \.floodGuardMaximumRate, 1...1000, help: "highest rate of fully processed motion updates"),
            .integer("motion_buffer_samples", \.motionBufferCapacity, 2...100_000, help: "DeviceMotion samples kept for frame lookup"),
            .numberMap(
                "parameters", \.parameters, help: "a plugged-in selector's parameters, as declared at registration (CaptureSettings.parameters)"),
        ])
    }
}

extension ConfigSchema where Root == SelectionWeights {
    static var weights: ConfigSchema {
        ConfigSchema([
            .number("roll", \.roll, 0...1000, help: "per degree² of roll deviation"),
            .number("pitch", \.pitch, 0...1000, help: "per degree² of pitch deviation"),
            .number("acceleration", \.acceleration, 0...1000, help: "per (m/s²)² of user acceleration"),
            .number("angle_offset", \.angleOffset, 0...1000, help: "per degree² of offset from the slot centre"),
            .number("rotation_rate", \.rotationRate, 0...1000, help: "per (°/s)² of measured rotation rate (0: the seed's 4D distance)"),
        ])
    }
}
