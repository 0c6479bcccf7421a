import Foundation
import OrbitMath

/// Physical bounds of phone-class IMU sensors. A sample beyond them is not a measurement (a
/// unit mistake, a corrupted file): the readers replace it by NaN, which every filter skips and
/// counts (`FilterDiagnostics.rejectedNonFinite`, `magnetometerRejections`), and count it in
/// `SensorRecording.outOfRange`.
public struct SensorLimits: Sendable, Equatable {
    /// Largest |component| of the angular rate, rad/s. Default 35 (2000 °/s, the largest
    /// common gyroscope range).
    public var gyroscope = 35.0
    /// Largest |component| of the specific force, m/s². Default 16 g.
    public var accelerometer = 16 * Units.standardGravity
    /// Largest |component| of the magnetic field, µT. Default 1000 (the earth's is 25–65).
    public var magnetometer = 1000.0

    /// The defaults above.
    public init() {}

    public static let `default` = SensorLimits()
}

extension SensorRecording {
    /// Replaces every sample with a component beyond `limits` by NaN and records how many
    /// there were per sensor in `outOfRange`.
    public mutating func rejectOutOfRange(_ limits: SensorLimits) {
        func within(_ value: Vector3, _ bound: Double) -> Bool { abs(value.x) <= bound && abs(value.y) <= bound && abs(value.z) <= bound }
        let blank = Vector3(.nan, .nan, .nan)
        var counts: [String: Int] = [:]
        for index in gyroscope.indices where !within(gyroscope[index], limits.gyroscope) {
            gyroscope[index] = blank
            counts["gyroscope", default: 0] += 1
        }
        for index in accelerometer.indices where !within(accelerometer[index], limits.accelerometer) {
            accelerometer[index] = blank
            counts["accelerometer", default: 0] += 1
        }
        if let field = magnetometer {
            var cleaned = field
            for (index, value) in field.enumerated() {
                if let value, !within(value, limits.magnetometer) {
                    cleaned[index] = blank
                    counts["magnetometer", default: 0] += 1
                }
            }
            magnetometer = cleaned
            // A magnetometer that never read anything but zero measured no field (the earth's
            // is 25–65 µT everywhere): 9D fusion on it would be fusion with a made-up heading.
            let present = cleaned.compactMap { $0 }.filter { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
            if !present.isEmpty && present.allSatisfy({ $0 == .zero }) {
                magnetometer = nil
                magnetometerWasAllZero = true
            }
        }
        outOfRange = counts
    }

    /// Sensors that look broken: a stretch of more than `minimumSeconds` in which every sample
    /// is exactly the same (constant, all zero, or stuck at a saturation value), and samples
    /// beyond the limits. One line each, naming the sensor, the kind and where it starts.
    public func degenerateSensors(minimumSeconds: Double = 1) -> [String] {
        var findings: [String] = []
        func check(_ name: String, _ values: [Vector3], _ instants: [Double], _ rows: [Int]) {
            guard let run = Self.longestConstantRun(values, instants, minimumSeconds: minimumSeconds) else { return }
            let value = values[run.start]
            let kind = value == .zero ? "all zero" : "constant at (\(format(value.x)), \(format(value.y)), \(format(value.z)))"
            findings.append(
                "\(name) \(kind) for \(String(format: "%.1f", instants[run.end] - instants[run.start])) s from \(String(format: "%.2f", instants[run.start])) s (row \(rows[run.start] + 1)): a stuck, saturated or missing sensor?"
            )
        }
        check("accelerometer", accelerometer, times, Array(times.indices))
        check("gyroscope", gyroscope, times, Array(times.indices))
        if let magnetometer {
            // The magnetometer may run slower than the IMU: compare its own samples only.
            let present = magnetometer.indices.filter { magnetometer[$0] != nil }
            check("magnetometer", present.map { magnetometer[$0]! }, present.map { times[$0] }, present)
        }
        if magnetometerWasAllZero {
            findings.append(
                "magnetometer all zero in every sample: no field measured, so the recording counts as one without a magnetometer (6D only)")
        }
        findings += outOfRange.sorted { $0.key < $1.key }.filter { $0.value > 0 }
            .map { "\($0.key): \($0.value) samples beyond the physical limit, skipped" }
        return findings
    }

    /// The longest run of identical finite samples lasting more than `minimumSeconds`.
    static func longestConstantRun(_ values: [Vector3], _ instants: [Double], minimumSeconds: Double) -> (start: Int, end: Int)? {
        var longest: (start: Int, end: Int)?
        var start = 0
        for index in values.indices.dropFirst() {
            guard values[index] == values[start], values[index].isFinite else {
                start = index
                continue
            }
            if instants[index] - instants[start] > minimumSeconds, longest == nil || index - start > longest!.end - longest!.start {
                longest = (start, index)
            }
        }
        return longest
    }
}

private func format(_ value: Double) -> String { String(format: "%.3g", value) }
