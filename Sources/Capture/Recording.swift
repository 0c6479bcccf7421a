import Foundation
import OrbitMath

/// The OuterCircle data structure (seed 000): metadata plus one element per image.
///
/// Units: `date` unix time (s); `radius` the angular spacing of the slots (the seed's name
/// for it), degrees; element `angle` degrees in [0, 360), `time` seconds since the recording
/// started, deviations degrees, `acceleration` |user acceleration| in g, as CoreMotion reports
/// it.
public struct Recording: Codable, Sendable, Equatable {
    public struct Element: Codable, Sendable, Equatable {
        /// File name of the image, relative to the recording's folder.
        public var image: String
        public var angle: Double
        public var time: Double
        public var deviationPitch: Double
        public var deviationRoll: Double
        public var acceleration: Double

        public init(image: String, angle: Double, time: Double, deviationPitch: Double, deviationRoll: Double, acceleration: Double) {
            self.image = image
            self.angle = angle
            self.time = time
            self.deviationPitch = deviationPitch
            self.deviationRoll = deviationRoll
            self.acceleration = acceleration
        }
    }

    @available(*, deprecated, renamed: "Units.standardGravity")
    public static let standardGravity = Units.standardGravity

    public var uid: String
    public var date: Double
    public var radius: Double
    /// Ordered by angle, starting after the largest angular gap.
    public var elements: [Element]

    public init(uid: String, date: Double, radius: Double, elements: [Element]) {
        self.uid = uid
        self.date = date
        self.radius = radius
        self.elements = elements
    }

    /// Elements sorted by angle and rotated to start right after the widest angle between
    /// neighbours (where playback starts; not the slots' largest gap, `SlotGap`), so an
    /// incomplete orbit plays from one end to the other (1, 7, 355, 10, 19, 14 ⇒ 355, 1, 7,
    /// 10, 14, 19). Ties in angle keep their input order.
    public static func orderedByAngle(_ elements: [Element]) -> [Element] {
        guard elements.count > 1 else { return elements }
        let sorted = elements.enumerated().sorted { ($0.element.angle, $0.offset) < ($1.element.angle, $1.offset) }.map(\.element)
        var largestGap = -1.0, startIndex = 0
        for index in sorted.indices {
            let next = (index + 1) % sorted.count
            var gap = sorted[next].angle - sorted[index].angle
            if next == 0 { gap += 360 }
            if gap > largestGap {
                largestGap = gap
                startIndex = next
            }
        }
        return Array(sorted[startIndex...] + sorted[..<startIndex])
    }

    /// JSON bytes, keys sorted, pretty printed (stable across runs).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads and validates a recording. Errors name the field (`elements[3].image`) and the
    /// problem: missing fields, wrong types, non-finite or out-of-range numbers, image names
    /// that would leave the recording's folder.
    public static func decode(_ data: Data) throws(RecordingError) -> Recording {
        let recording: Recording
        do {
            recording = try JSONDecoder().decode(Recording.self, from: data)
        } catch let error as DecodingError {
            throw RecordingError(decoding: error)
        } catch {
            throw RecordingError(field: "", message: "not valid JSON")
        }
        try recording.validate()
        return recording
    }

    func validate() throws(RecordingError) {
        guard !uid.isEmpty else { throw RecordingError(field: "uid", message: "must not be empty") }
        guard date.isFinite else { throw RecordingError(field: "date", message: "not a finite number") }
        guard radius.isFinite, radius > 0, radius <= 360 else { throw RecordingError(field: "radius", message: "must be in (0, 360] degrees") }
        for (index, element) in elements.enumerated() {
            let field = "elements[\(index)]"
            let image = element.image
            if image.isEmpty || image.hasPrefix(".") || image.contains("/") || image.contains("\\") || image.contains("\u{0}") {
                throw RecordingError(field: "\(field).image", message: "'\(image)' is not a plain file name inside the recording's folder")
            }
            let numbers = [
                ("angle", element.angle), ("time", element.time), ("deviationPitch", element.deviationPitch),
                ("deviationRoll", element.deviationRoll), ("acceleration", element.acceleration),
            ]
            for (name, value) in numbers where !value.isFinite {
                throw RecordingError(field: "\(field).\(name)", message: "not a finite number")
            }
            guard element.angle >= 0, element.angle < 360 else {
                throw RecordingError(field: "\(field).angle", message: "\(element.angle) outside [0, 360)")
            }
            guard element.time >= 0 else { throw RecordingError(field: "\(field).time", message: "negative") }
            guard element.acceleration >= 0 else { throw RecordingError(field: "\(field).acceleration", message: "negative") }
        }
    }

    /// The viewer: the element to show for a requested angle, i.e. the one with the nearest
    /// angle on the circle (first in order on a tie); `nil` for an empty recording.
    public func element(nearest angle: Double) -> Element? {
        var best: Element?, bestDistance = Double.infinity
        for element in elements {
            let distance = abs(((element.angle - angle).truncatingRemainder(dividingBy: 360) + 540).truncatingRemainder(dividingBy: 360) - 180)
            if distance < bestDistance {
                bestDistance = distance
                best = element
            }
        }
        return best
    }
}

/// A problem in a recording file.
public struct RecordingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Dotted path of the field, e.g. "elements[2].angle" (empty for the whole document).
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    init(decoding error: DecodingError) {
        func path(_ keys: [CodingKey]) -> String {
            keys.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(field: path(context.codingPath + [key]), message: "missing")
        case .typeMismatch(let type, let context):
            self.init(
                field: path(context.codingPath), message: "expected \(type == Double.self ? "a number" : type == String.self ? "text" : "\(type)")")
        case .valueNotFound(_, let context):
            self.init(field: path(context.codingPath), message: "missing (null)")
        case .dataCorrupted(let context):
            self.init(field: path(context.codingPath), message: context.codingPath.isEmpty ? "not valid JSON" : "unreadable value")
        @unknown default:
            self.init(field: "", message: "unreadable")
        }
    }

    public var description: String { field.isEmpty ? message : "\(field): \(message)" }
}
