import OrbitMath
import Simulation

extension ConfigSchema where Root == OrbitSettings {
    static var orbit: ConfigSchema {
        let fields: [ConfigField<OrbitSettings>] = [
            .number("radius_m", \.radius, 0.3...100, help: "distance of the camera from the object's vertical axis"),
            .number("camera_height_m", \.cameraHeight, 0.05...10, help: "camera height above the ground at the start"),
            .number("speed_deg_s", \.angularSpeed, 0.1...120, help: "cruise angular speed along the orbit"),
            .number("sweep_deg", \.sweep, 1...1080, help: "total forward progress; below 360 leaves the orbit incomplete"),
            .choice("direction", \.direction, help: "walking direction seen from above"),
            .number("start_azimuth_deg", \.startAzimuth, -360...360, help: "azimuth of the start position around the object, from world x (north)"),
            .number("lead_in_s", \.leadIn, 0...60, help: "standing still before walking"),
            .number("lead_out_s", \.leadOut, 0...60, help: "standing still after the walk"),
            .number("ramp_s", \.ramp, 0.05...30, help: "time to speed up from rest to cruise speed (and to slow down)"),
            .number("reversal_dwell_s", \.reversalDwell, 0...30, help: "standing still at each turn-back"),
            .choice("device_orientation", \.deviceOrientation, help: "how the phone is held"),
            .choice("aim", \.aim, help: "target: camera re-aims at the object; level: camera keeps its start elevation"),
            .list("reversals", \.reversals, .reversal, template: Reversal(), help: "back-and-forth: turn back at a progress angle"),
            .list("pauses", \.pauses, .pause, template: Pause(), help: "stops at progress angles"),
        ]
        let checks: [(OrbitSettings) -> ConfigProblem?] = [
            { orbit in
                for (index, reversal) in orbit.reversals.enumerated() where reversal.atDegrees >= orbit.sweep {
                    return ConfigProblem(
                        "reversals[\(index)].at_deg",
                        "\(ConfigNumber.format(reversal.atDegrees)) must be below sweep_deg \(ConfigNumber.format(orbit.sweep))")
                }
                for (index, pause) in orbit.pauses.enumerated() where pause.atDegrees >= orbit.sweep {
                    return ConfigProblem(
                        "pauses[\(index)].at_deg",
                        "\(ConfigNumber.format(pause.atDegrees)) must be below sweep_deg \(ConfigNumber.format(orbit.sweep))")
                }
                return nil
            }
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

extension ConfigSchema where Root == Reversal {
    static var reversal: ConfigSchema {
        let fields: [ConfigField<Reversal>] = [
            .number("at_deg", \.atDegrees, 0.1...1080, help: "progress at which the walker turns back"),
            .number("back_deg", \.backDegrees, 0.1...1080, help: "how far the walker goes back"),
        ]
        let checks: [(Reversal) -> ConfigProblem?] = [
            { $0.backDegrees < $0.atDegrees ? nil : ConfigProblem("back_deg", "must be smaller than at_deg (the walker cannot go behind the start)") }
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

extension ConfigSchema where Root == Pause {
    static var pause: ConfigSchema {
        ConfigSchema([
            .number("at_deg", \.atDegrees, 0.1...1080, help: "progress at which the walker stops"),
            .number("duration_s", \.duration, 0.01...600, help: "length of the stop"),
        ])
    }
}

extension ConfigSchema where Root == WalkerSettings {
    static var walker: ConfigSchema {
        ConfigSchema([
            .number("step_frequency_hz", \.stepFrequency, 0...4, help: "steps per second at cruise speed"),
            .number("vertical_bob_m", \.verticalBob, 0...0.2, help: "amplitude of the vertical bob at the step frequency"),
            .number("lateral_sway_m", \.lateralSway, 0...0.2, help: "amplitude of the sideways sway at half the step frequency"),
            .number("hand_jitter_deg", \.handJitter, 0...20, help: "RMS hand attitude jitter about each body axis"),
            .number("hand_jitter_bandwidth_hz", \.handJitterBandwidth, 0.1...20, help: "upper frequency of the hand jitter"),
            .flag("rests_during_lead_in", \.restsDuringLeadIn, help: "the phone lies still during the lead-in; jitter fades in as the walk starts"),
            .number("vertical_drift_m", \.verticalDrift, -3...3, help: "height change over the walk, proportional to distance walked"),
            .number("radius_wander_m", \.radiusWander, 0...2, help: "RMS slow wandering of the radius along the path"),
        ])
    }
}

extension ConfigSchema where Root == ObjectSettings {
    static var object: ConfigSchema {
        ConfigSchema([
            .vector("center_m", \.center, -1000...1000, help: "object centre (aim point), world frame; z is height"),
            .vector("size_m", \.size, 0...100, help: "extent of the default key-point box"),
            .vectors("keypoints_m", \.keypoints, -1000...1000, help: "3D key points; empty = corners of the size_m box"),
        ])
    }
}

extension ConfigSchema where Root == InertialSensorSettings {
    static var gyroscope: ConfigSchema {
        ConfigSchema([
            .number("noise_density_dps_rthz", \.noiseDensity, 0...10, help: "white noise density (angle random walk), °/s/√Hz"),
            .vector("bias_dps", \.bias, -100...100, help: "constant bias per axis"),
            .number("turn_on_bias_sigma_dps", \.turnOnBiasSigma, 0...100, help: "σ of the random bias drawn once per run"),
            .number("bias_instability_dps", \.biasInstability, 0...100, help: "σ of the Gauss–Markov bias"),
            .number("bias_correlation_time_s", \.biasCorrelationTime, 0.1...100_000, help: "correlation time of the Gauss–Markov bias"),
            .number("random_walk_dps_rts", \.randomWalk, 0...10, help: "rate random walk K, (°/s)/√s"),
            .vector("scale_error_ppm", \.scaleErrorPPM, -200_000...200_000, help: "scale factor error per axis"),
            .numbers("misalignment_deg", \.misalignment, count: 6, -10...10, help: "axis misalignment angles xy, xz, yx, yz, zx, zy"),
            .numbers(
                "g_sensitivity_dps_per_g", \.gSensitivity, count: 9, -100...100,
                help: "rate read per g of specific force, row-major xx, xy, xz, yx, …, zz (axis i per force along j); 0: none"),
            .number("range_dps", \.range, 1...100_000, help: "measurement range ±; readings saturate"),
            .number("resolution_dps", \.resolution, 0...100, help: "quantisation step; 0 = none"),
        ])
    }

    static var accelerometer: ConfigSchema {
        let mg = 1e-3 * Units.standardGravity, ug = 1e-6 * Units.standardGravity
        return ConfigSchema([
            .number("noise_density_ug_rthz", \.noiseDensity, 0...100_000, scale: ug, help: "white noise density (velocity random walk), µg/√Hz"),
            .vector("bias_mg", \.bias, -10_000...10_000, scale: mg, help: "constant bias per axis"),
            .number("turn_on_bias_sigma_mg", \.turnOnBiasSigma, 0...10_000, scale: mg, help: "σ of the random bias drawn once per run"),
            .number("bias_instability_ug", \.biasInstability, 0...1_000_000, scale: ug, help: "σ of the Gauss–Markov bias"),
            .number("bias_correlation_time_s", \.biasCorrelationTime, 0.1...100_000, help: "correlation time of the Gauss–Markov bias"),
            .number("random_walk_ug_rts", \.randomWalk, 0...1_000_000, scale: ug, help: "acceleration random walk, µg/√s"),
            .vector("scale_error_ppm", \.scaleErrorPPM, -200_000...200_000, help: "scale factor error per axis"),
            .numbers("misalignment_deg", \.misalignment, count: 6, -10...10, help: "axis misalignment angles xy, xz, yx, yz, zx, zy"),
            .number("range_g", \.range, 0.5...1000, scale: Units.standardGravity, help: "measurement range ±; readings saturate"),
            .number("resolution_mg", \.resolution, 0...1000, scale: mg, help: "quantisation step; 0 = none"),
        ])
    }
}

extension ConfigSchema where Root == ImuSettings {
    static var imu: ConfigSchema {
        let fields: [ConfigField<ImuSettings>] = [
            .number("rate_hz", \.rate, 10...4000, help: "gyroscope and accelerometer sample rate"),
            .number("sample_jitter_ms", \.sampleJitter, 0...100, help: "σ of sample instants around the nominal grid"),
            .number("delay_ms", \.delay, 0...1000, help: "every reading describes the motion this long before its timestamp"),
            .number("drop_probability", \.dropProbability, 0...0.9, help: "probability that a sample is lost"),
            .section("gyroscope", \.gyroscope, .gyroscope, help: "gyroscope error model, °/s"),
            .section("accelerometer", \.accelerometer, .accelerometer, help: "accelerometer error model"),
            .section("magnetometer", \.self, .magnetometer, help: "magnetometer error model, µT"),
        ]
        let checks: [(ImuSettings) -> ConfigProblem?] = [
            {
                $0.magnetometer.rate <= $0.rate
                    ? nil
                    : ConfigProblem(
                        "magnetometer",
                        "rate_hz \(ConfigNumber.format($0.magnetometer.rate)) must not exceed imu.rate_hz \(ConfigNumber.format($0.rate))")
            }
        ]
        return ConfigSchema(fields, checks: checks)
    }

    static var magnetometer: ConfigSchema {
        let fields: [ConfigField<ImuSettings>] = [
            .flag("enabled", \.magnetometerEnabled, help: "whether the phone has a magnetometer"),
            .number("rate_hz", \.magnetometer.rate, 1...4000, help: "output rate (every k-th IMU sample, k = round(imu rate / rate))"),
            .number("noise_ut", \.magnetometer.noise, 0...100, help: "RMS noise per sample and axis"),
            .vector("hard_iron_ut", \.magnetometer.hardIron, -1000...1000, help: "hard-iron offset, body frame"),
            .numbers("soft_iron", \.magnetometer.softIron, count: 9, -10...10, help: "soft-iron matrix, row-major"),
            .number(
                "residual_hard_iron_sigma_ut", \.magnetometer.residualHardIronSigma, 0...1000,
                help: "σ per axis of hard iron the phone's calibration misses (drawn per run)"),
            .number("range_ut", \.magnetometer.range, 10...100_000, help: "measurement range ±"),
            .number("resolution_ut", \.magnetometer.resolution, 0...100, help: "quantisation step; 0 = none"),
            .number(
                "delay_ms", \.magnetometer.delay, -1000...1000,
                help: "how much later than the gyroscope and accelerometer a reading describes the attitude (negative: earlier)"),
        ]
        let checks: [(ImuSettings) -> ConfigProblem?] = [
            { abs(Matrix3(rowMajor: $0.magnetometer.softIron).determinant) > 1e-3 ? nil : ConfigProblem("soft_iron", "matrix is singular") }
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

extension ConfigSchema where Root == EnvironmentSettings {
    static var environment: ConfigSchema {
        ConfigSchema([
            .number("gravity_m_s2", \.gravity, 9.7...9.9, help: "magnitude of gravity"),
            .number("field_strength_ut", \.fieldStrength, 1...1000, help: "geomagnetic field magnitude"),
            .number("declination_deg", \.declination, -180...180, help: "magnetic declination, east of true north"),
            .number(
                "declination_error_sigma_deg", \.declinationErrorSigma, 0...180,
                help: "1σ per seed of the field's true declination about declination_deg (errors are still measured against declination_deg)"),
            .number("dip_deg", \.dip, -89...89, help: "magnetic dip below the horizontal"),
            .list("disturbances", \.disturbances, .disturbance, template: MagneticDisturbance(), help: "time-windowed magnetic disturbances"),
        ])
    }
}

extension ConfigSchema where Root == MagneticDisturbance {
    static var disturbance: ConfigSchema {
        ConfigSchema([
            .number("start_s", \.start, 0...100_000, help: "start of full strength"),
            .number("duration_s", \.duration, 0...100_000, help: "time at full strength"),
            .number("ramp_s", \.ramp, 0.01...600, help: "fade-in and fade-out time"),
            .vector("field_ut", \.field, -10_000...10_000, help: "added field"),
            .choice("frame", \.frame, help: "world: fixed in space; body: moves with the phone"),
            .number(
                "strength_spread", \.strengthSpread, 1...1e6,
                help: "strongest/weakest field over seeds: each seed scales field_ut log-uniformly (a magnet at another distance)"),
        ])
    }
}

extension ConfigSchema where Root == MotionDeliverySettings {
    static var motion: ConfigSchema {
        ConfigSchema([
            .number("rate_hz", \.rate, 1...1000, help: "nominal DeviceMotion rate (CoreMotion: 30–100 Hz)"),
            .number("timestamp_jitter_ms", \.timestampJitter, 0...100, help: "σ of each update's timestamp (timestamps stay in order)"),
            .number("latency_ms", \.latency, 0...1000, help: "mean delay from sample to delivery"),
            .number("latency_jitter_ms", \.latencyJitter, 0...1000, help: "σ of that delay"),
            .number("drop_probability", \.dropProbability, 0...0.9, help: "probability that an update is lost"),
            .section("flood", \.self, .flood, help: "bursts of updates far above the nominal rate"),
        ])
    }

    static var flood: ConfigSchema {
        ConfigSchema([
            .choice("mode", \.floodMode, help: "none, periodic or random (Poisson) bursts"),
            .number("rate_hz", \.floodRate, 1...20_000, help: "update rate during a flood"),
            .number("duration_s", \.floodDuration, 0.01...600, help: "length of one flood"),
            .number("period_s", \.floodPeriod, 0.1...3600, help: "time between flood starts (periodic)"),
            .number("first_start_s", \.floodFirstStart, 0...3600, help: "start of the first flood (periodic)"),
            .number("per_minute", \.floodsPerMinute, 0.01...600, help: "mean floods per minute (random)"),
        ])
    }
}

extension ConfigSchema where Root == CameraSettings {
    static var camera: ConfigSchema {
        let fields: [ConfigField<CameraSettings>] = [
            .number("fps", \.fps, 1...240, help: "frames per second"),
            .number("exposure_s", \.exposure, 0.00001...1, help: "exposure time"),
            .integer("width_px", \.width, 16...20_000, help: "sensor width in landscape"),
            .integer("height_px", \.height, 16...20_000, help: "sensor height in landscape"),
            .number("hfov_deg", \.horizontalFieldOfView, 5...170, help: "horizontal field of view across width_px"),
            .number("latency_mean_ms", \.latencyMean, 0...5000, help: "mean delay from end of exposure to delivery"),
            .number("latency_jitter_ms", \.latencyJitter, 0...5000, help: "σ of that delay"),
            .number("latency_tail_probability", \.latencyTailProbability, 0...1, help: "probability of an extra (tail) delay"),
            .number("latency_tail_mean_ms", \.latencyTailMean, 0...10_000, help: "mean of the exponential tail delay"),
            .number("clock_offset_ms", \.clockOffset, -10_000...10_000, help: "camera clock minus IMU clock in frame timestamps"),
            .number("record_start_s", \.recordStart, 0...3600, help: "start of the first exposure"),
        ]
        let checks: [(CameraSettings) -> ConfigProblem?] = [
            {
                $0.exposure < 1 / $0.fps
                    ? nil
                    : ConfigProblem(
                        "exposure_s",
                        "\(ConfigNumber.format($0.exposure)) s must be shorter than the frame interval 1/fps = \(ConfigNumber.format(1 / $0.fps)) s")
            }
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

extension ConfigSchema where Root == PipelineSettings {
    static var pipeline: ConfigSchema {
        ConfigSchema([
            .number("motion_cost_ms", \.motionCost, 0...1000, help: "CPU time per motion update processed in full"),
            .number("coalesced_motion_cost_ms", \.coalescedMotionCost, 0...1000, help: "CPU time per motion update only stored (flood guard)"),
            .number("frame_cost_ms", \.frameCost, 0...10_000, help: "CPU time per frame"),
            .number("cost_jitter", \.costJitter, 0...1, help: "relative σ of each cost"),
            .choice("threads", \.threads, help: "shared: one serial queue for motion and frames (the seed's app); separate: one queue each"),
        ])
    }
}

extension ConfigSchema where Root == HandheldSettings {
    static var handheld: ConfigSchema {
        ConfigSchema([
            .number("lead_in_s", \.leadIn, 0...3600, help: "at rest before the motion"),
            .number("motion_s", \.motionDuration, 1...36_000, help: "motion time, breaks excluded"),
            .number("lead_out_s", \.leadOut, 0...3600, help: "at rest after the motion"),
            .number("ramp_s", \.ramp, 0.05...60, help: "from rest to full motion and back"),
            .number("break_every_s", \.breakEvery, 0...36_000, help: "a break after every this much motion; 0 = none"),
            .number("break_s", \.breakDuration, 0.1...3600, help: "length of each break (at rest)"),
            .number("heading_rms_deg", \.headingRMS, 0...3600, help: "RMS of the heading wander about vertical"),
            .number("heading_bandwidth_hz", \.headingBandwidth, 0.001...50, help: "upper frequency of the heading wander"),
            .number("tilt_rms_deg", \.tiltRMS, 0...180, help: "RMS of each component of the tilt rotation vector"),
            .number("tilt_bandwidth_hz", \.tiltBandwidth, 0.001...50, help: "upper frequency of the tilting"),
            .number(
                "tilt_z_scale", \.tiltVerticalScale, 0...10,
                help: "RMS of the tilt rotation vector's z component (a twist about the body's z axis) as a multiple of tilt_rms_deg; 1: all alike"),
            .number("translation_rms_m", \.translationRMS, 0...100, help: "RMS displacement per world axis"),
            .number("translation_bandwidth_hz", \.translationBandwidth, 0.001...50, help: "upper frequency of the displacement"),
            .vector(
                "translation_axis", \.translationAxis, -1000...1000, help: "a body axis the hand shakes the device along (direction); [0, 0, 0]: none"
            ),
            .number(
                "translation_axis_share", \.translationAxisShare, 0...1,
                help: "share of the displacement's variance along translation_axis; the rest alike in every world direction"),
            .vector("lever_arm_m", \.leverArm, -10...10, help: "device position from the point the hand turns it about, body frame"),
            .number("tap_interval_s", \.tapInterval, 0...3600, help: "mean time between taps in the motion phase; 0 = none"),
            .number("tap_acceleration_m_s2", \.tapAcceleration, 0...10_000, help: "peak acceleration of a tap"),
            .number("tap_rate_dps", \.tapRotationRate, 0...10_000, help: "peak rotation rate of a tap"),
            .number("tap_width_s", \.tapWidth, 0.0005...1, help: "σ of a tap's Gaussian pulse"),
            .number("vibration_hz", \.vibrationFrequency, 0...10_000, help: "vibration frequency (aliases at the IMU rate); 0 = none"),
            .number("vibration_acceleration_m_s2", \.vibrationAcceleration, 0...10_000, help: "acceleration amplitude of the vibration"),
            .number("vibration_rate_dps", \.vibrationRotationRate, 0...10_000, help: "rotation-rate amplitude of the vibration"),
            .number("vibration_on_s", \.vibrationOn, 0.01...3600, help: "the vibration runs this long"),
            .number("vibration_off_s", \.vibrationOff, 0...3600, help: "then pauses this long"),
        ])
    }
}
