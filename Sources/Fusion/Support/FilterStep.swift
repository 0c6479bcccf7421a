import OrbitMath

/// The bookkeeping every filter does before its own update: reject unusable samples, derive
/// dt from timestamps, decide when to (re)initialise.
@usableFromInline
struct FilterStep: Sendable, Equatable {
    enum Action {
        /// Skip this sample (already counted).
        case skip
        /// No usable state yet (first sample or after a long gap): initialise from it.
        case initialize
        /// Advance the estimate by `dt` seconds.
        case advance(dt: Double)
    }

    /// Longest step integrated; a longer gap re-initialises, s.
    static let maximumStep = 0.5

    @usableFromInline private(set) var lastTime: Double?

    @inline(__always)
    mutating func classify(_ reading: ImuReading, diagnostics: inout FilterDiagnostics) -> Action {
        guard reading.gyroscope.isFinite, reading.accelerometer.isFinite, reading.time.isFinite else {
            diagnostics.rejectedNonFinite += 1
            return .skip
        }
        guard let last = lastTime else {
            lastTime = reading.time
            return .initialize
        }
        let dt = reading.time - last
        guard dt > 0 else {
            diagnostics.rejectedTimestamps += 1
            return .skip
        }
        lastTime = reading.time
        if dt > Self.maximumStep {
            diagnostics.reinitializations += 1
            return .initialize
        }
        return .advance(dt: dt)
    }

    mutating func reset() { lastTime = nil }

    /// What a single-stage filter (one attitude, initialised from one sample) does with a reading.
    enum SingleStageAction {
        /// Nothing: the sample was unusable (already counted) or cannot initialise.
        case skip
        /// Start from this attitude.
        case start(Quaternion)
        /// Advance by `dt` seconds; `field` is the magnetometer sample, `nil` when absent or
        /// not finite (a rejection already counted).
        case advance(dt: Double, field: Vector3?)
    }

    /// `classify` plus the steps the Madgwick, Mahony and complementary filters share: reject
    /// a non-finite field, initialise from accelerometer and field, count the update.
    @inline(__always)
    mutating func singleStage(_ reading: ImuReading, diagnostics: inout FilterDiagnostics) -> SingleStageAction {
        var field = reading.magnetometer
        if let value = field, !value.isFinite {
            diagnostics.magnetometerRejections += 1
            field = nil
        }
        switch classify(reading, diagnostics: &diagnostics) {
        case .skip:
            return .skip
        case .initialize:
            guard let initial = InitialAttitude.from(accelerometer: reading.accelerometer, magnetometer: field) else {
                // A zero accelerometer cannot start the filter; the next sample tries again.
                reset()
                return .skip
            }
            return .start(initial)
        case .advance(let dt):
            diagnostics.updates += 1
            return .advance(dt: dt, field: field)
        }
    }
}

/// Initial attitudes from a single sample.
enum InitialAttitude {
    /// Body → earth attitude with earth z along the measured specific force (up) and, when a
    /// usable field is given, earth x along its horizontal part (magnetic north), y = z × x.
    /// Without a field (or with one parallel to gravity) the smallest rotation that levels the
    /// device is returned: the heading is then arbitrary. `nil` for a zero accelerometer.
    static func from(accelerometer: Vector3, magnetometer: Vector3?) -> Quaternion? {
        guard let up = accelerometer.normalized else { return nil }
        if let field = magnetometer, field.isFinite,
            let north = (field - field.dot(up) * up).normalized
        {
            let west = up.cross(north)
            // Rows of the body → earth matrix are the earth axes in body coordinates.
            let matrix = Matrix3(rows: north, west, up)
            return Quaternion(rotationMatrix: matrix)
        }
        return leveling(up)
    }

    /// The smallest rotation taking body vector `up` to earth z.
    static func leveling(_ up: Vector3) -> Quaternion {
        // q = (1 + u·z, u × z) normalised; undefined for u = −z, where a half turn about x works.
        let w = 1 + up.z
        if w < 1e-12 { return Quaternion(w: 0, x: 1, y: 0, z: 0) }
        return Quaternion(w: w, x: up.y, y: -up.x, z: 0).normalized ?? .identity
    }
}
