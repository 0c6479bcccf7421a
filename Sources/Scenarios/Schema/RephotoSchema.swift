import Simulation

extension ConfigSchema where Root == RephotoSettings {
    static var rephoto: ConfigSchema {
        let fields: [ConfigField<RephotoSettings>] = [
            .integer("users", \.users, 1...100_000, help: "simulated people retaking the photograph, per seed"),
            .choice("guidance", \.guidance, help: "rectangle: navigation rectangle only; rectangle_and_overlay: then the reference overlay"),
            .number("view_width_pt", \.viewWidth, 50...5000, help: "WIDTH of the camera view the rectangle moves in (thesis 4.3.2)"),
            .number("view_height_pt", \.viewHeight, 50...5000, help: "HEIGHT of that view"),
            .section("reference", \.reference, .rephotoReference, help: "the reference photograph"),
            .list(
                "keypoints", \.keypoints, .rephotoKeypoint, template: RephotoKeypoint(name: "", xPercent: 50, yPercent: 50, depth: 10),
                help: "scene points compared between reference and rephotographs (thesis 6.2)"),
            .section("user", \.user, .rephotoUser, help: "the people retaking the photograph"),
        ]
        let checks: [(RephotoSettings) -> ConfigProblem?] = [
            { $0.keypoints.isEmpty ? ConfigProblem("keypoints", "needs at least one key point") : nil },
            { settings in
                let names = settings.keypoints.map(\.name)
                if let index = names.firstIndex(where: { $0.isEmpty }) {
                    return ConfigProblem("keypoints", "key point \(index) needs a name")
                }
                if let duplicate = names.enumerated().first(where: { names[..<$0.offset].contains($0.element) }) {
                    return ConfigProblem("keypoints", "key point name \"\(duplicate.element)\" is used twice")
                }
                return nil
            },
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

extension ConfigSchema where Root == RephotoReferenceSettings {
    static var rephotoReference: ConfigSchema {
        ConfigSchema([
            .vector("position_m", \.position, -100_000...100_000, help: "camera position, world frame (x north, y west, z up)"),
            .number("heading_deg", \.heading, -360...360, help: "compass heading of the optical axis, clockwise from true north"),
            .number("tilt_deg", \.tilt, -60...60, help: "elevation of the optical axis above the horizon"),
            .number("roll_deg", \.roll, -45...45, help: "phone turned about the optical axis, counter-clockwise as the photographer sees it"),
            .choice("device_orientation", \.deviceOrientation, help: "how the phone is held (sets the picture's width and height)"),
            .number("hold_s", \.hold, 0.1...600, help: "time the photographer holds the phone up before the shot (fusion settles)"),
        ])
    }
}

extension ConfigSchema where Root == RephotoKeypoint {
    static var rephotoKeypoint: ConfigSchema {
        ConfigSchema([
            .text("name", \.name, help: "column name in the tables, e.g. P1"),
            .number("x_pct", \.xPercent, 0...100, help: "position in the reference photograph, percent of its width from the left"),
            .number("y_pct", \.yPercent, 0...100, help: "position in the reference photograph, percent of its height from the top"),
            .number("depth_m", \.depth, 0.5...100_000, help: "distance from the reference camera along its optical axis"),
        ])
    }
}

extension ConfigSchema where Root == RephotoUserSettings {
    static var rephotoUser: ConfigSchema {
        ConfigSchema([
            .number("position_error_m", \.positionError, 0...50, help: "σ per horizontal axis of where the user stands vs the reference spot"),
            .number("height_error_m", \.heightError, 0...2, help: "σ of the camera height vs the reference"),
            .number("pointing_error_deg", \.pointingError, 0...45, help: "σ per body axis of the attitude when the phone is raised"),
            .number("level_error_deg", \.levelError, 0...20, help: "σ of the user's idea of level (rotation about the optical axis)"),
            .number("reaction_time_s", \.reactionTime, 0...2, help: "delay from screen to hand"),
            .number("correction_rate_per_s", \.correctionRate, 0.05...20, help: "share of the perceived misalignment removed per second"),
            .number("max_rate_dps", \.maxRate, 1...500, help: "fastest turn while correcting"),
            .number("tremor_deg", \.tremor, 0...10, help: "RMS hand tremor about each body axis"),
            .number("tremor_bandwidth_hz", \.tremorBandwidth, 0.1...30, help: "upper frequency of the tremor"),
            .number("rectangle_tolerance_pt", \.rectangleTolerance, 0.1...500, help: "rectangle offset per axis that looks centred"),
            .number(
                "overlay_tolerance_pct", \.overlayTolerance, 0.05...50, help: "overlay shift per axis that looks aligned, percent of the picture"),
            .number("hold_s", \.hold, 0...30, help: "how long the view must look aligned before the shutter"),
            .number("max_time_s", \.maxTime, 1...600, help: "the user shoots anyway after this long"),
        ])
    }
}
