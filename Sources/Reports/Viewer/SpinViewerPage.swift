import BundledFiles
import Capture
import Foundation
import ReportFormats

/// The seed's web player as one self-contained HTML page: the recording embedded as JSON, the
/// style and script inline, nothing fetched but the images (relative URLs). Dragging (mouse or
/// touch), the arrow keys and the wheel turn the object; the page shows the element nearest on
/// the circle to the angle turned to (`Recording.element(nearest:)`), its angle, deviations and
/// acceleration, and a ring of the slots (filled, empty, the largest gap, the current angle).
/// The ring is drawn as `coverage-polar.png` is: 0° at the top, angles growing clockwise. The
/// page opens turned to 0°, showing the element nearest to it. An image that does not load is
/// replaced by a placeholder naming the file.
public enum SpinViewerPage {
    /// Degrees turned per CSS pixel dragged; dragging rightwards turns to larger angles.
    public static let dragDegreesPerPixel = 0.5
    /// Degrees turned per CSS pixel scrolled with the wheel (a mouse notch, about 100 px, is 5°).
    public static let wheelDegreesPerPixel = 0.05
    /// Where the page looks for images: relative to `viewer/index.html` in a run folder.
    public static let defaultImageBase = "../images/"
    /// The most slots the ring draws.
    public static let maximumSlotCount = 3600

    /// What the page embeds (`<script type="application/json" id="spin-data">`).
    public struct Model: Codable, Sendable, Equatable {
        /// The recording with its elements in playback order (`Recording.orderedByAngle`).
        public var recording: Recording
        public var viewer: Viewer
    }

    /// The ring and the controls.
    public struct Viewer: Codable, Sendable, Equatable {
        public var slotCount: Int
        /// Degrees; slot `i` is centred on `i · slotWidth`.
        public var slotWidth: Double
        /// Per slot, whether an element lies in it (slot = round(angle / width) mod count, as
        /// `FramePlacer` places frames).
        public var filled: [Bool]
        /// The largest gap (`SlotGap`, as the metric `max_gap_deg`): the most empty slots in a
        /// row; `nil` when every slot is filled.
        public var largestGap: Gap?
        /// URL prefix of the images (the element's name, percent-encoded, follows).
        public var imageBase: String
        public var dragDegreesPerPixel: Double
        public var wheelDegreesPerPixel: Double
    }

    /// A gap of empty slots going forward (to larger angles) from `from` to `to`, the outer
    /// edges of its first and last slot, degrees in [0, 360); `degrees` is its size (empty
    /// slots × slot width, 360 when every slot is empty).
    public struct Gap: Codable, Sendable, Equatable {
        public var from: Double
        public var to: Double
        public var degrees: Double

        public init(from: Double, to: Double, degrees: Double) {
            self.from = from
            self.to = to
            self.degrees = degrees
        }
    }

    /// The number of slots a recording implies: 360 / radius, rounded (1 … `maximumSlotCount`).
    public static func slotCount(radius: Double) -> Int {
        let count = (360 / radius).rounded()
        guard count.isFinite, count >= 1 else { return 1 }
        return Int(min(count, Double(maximumSlotCount)))
    }

    /// The page's data: elements in playback order, the slots (`slotCount`, default from the
    /// recording's radius) and the largest gap of those slots.
    public static func model(_ recording: Recording, slotCount: Int? = nil, imageBase: String = defaultImageBase) -> Model {
        var ordered = recording
        ordered.elements = Recording.orderedByAngle(recording.elements)
        let count = min(max(slotCount ?? Self.slotCount(radius: recording.radius), 1), maximumSlotCount)
        let width = 360 / Double(count)
        var filled = Array(repeating: false, count: count)
        for element in ordered.elements where element.angle.isFinite {
            let slot = Int((element.angle / width).rounded()) % count
            filled[(slot + count) % count] = true
        }
        let viewer = Viewer(
            slotCount: count, slotWidth: width, filled: filled, largestGap: largestGap(filled: filled, slotWidth: width), imageBase: imageBase,
            dragDegreesPerPixel: dragDegreesPerPixel, wheelDegreesPerPixel: wheelDegreesPerPixel)
        return Model(recording: ordered, viewer: viewer)
    }

    /// The largest gap of the ring (`SlotGap.largest`) as angles; `nil` when no slot is empty.
    static func largestGap(filled: [Bool], slotWidth: Double) -> Gap? {
        guard let gap = SlotGap.largest(empty: filled.map { !$0 }), gap.count > 0 else { return nil }
        let from = gap.startAngle(slotWidth: slotWidth), degrees = gap.degrees(slotWidth: slotWidth)
        let to = (from + degrees).truncatingRemainder(dividingBy: 360)
        return Gap(from: from, to: to, degrees: degrees)
    }

    /// The page. Throws only when the recording holds numbers JSON cannot carry (NaN, ∞).
    public static func html(_ recording: Recording, slotCount: Int? = nil, imageBase: String = defaultImageBase) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(model(recording, slotCount: slotCount, imageBase: imageBase)), as: UTF8.self)
        return Assets.page([
            "version": HTMLText.escaped(ToolVersion.current), "uid": HTMLText.escaped(recording.uid), "data": HTMLText.scriptSafeJSON(json),
        ])
    }

    /// The fixed parts of the page: the files of `assets/viewer/`, compiled in by the BundleFiles
    /// plugin. `viewer.html` is the page with `{{name}}` slots for the version, the uid, the data
    /// and the files `viewer.css` and `viewer.js` (plain ES5-level script: no modules, no fetch;
    /// it reads `#spin-data`, draws the ring, wires the controls). They hold no data: the script
    /// reads everything from the embedded JSON and writes text with `textContent` only, so no
    /// name from a file is ever parsed as HTML; the page's Content-Security-Policy allows nothing
    /// but the inline style and script, and images from the page's own place.
    ///
    /// Element ids the script and the browser test rely on: `viewer` (with `data-angle`, the
    /// angle turned to; `data-index`, the element shown in playback order; `data-image`,
    /// loading | loaded | missing | none; `data-ready`), `stage`, `frame`, `placeholder`,
    /// `placeholder-name`, `angle`, `view-angle`, `pitch`, `roll`, `accel`, `time`,
    /// `image-name`, `index`, `ring` (paths `.slot.filled` / `.slot.empty`, `#gap`, `#marker`).
    enum Assets {
        static let folder = "assets/viewer/"

        static func file(_ name: String) -> String {
            guard let data = BundledFiles.contents(folder + name) else {
                fatalError("\(folder)\(name) is not compiled in (Plugins/BundleFiles bundles assets/)")
            }
            return String(decoding: data, as: UTF8.self)
        }

        static let template = file("viewer.html")
        static let files = ["viewer.css": file("viewer.css"), "viewer.js": file("viewer.js")]

        /// `viewer.html` with `{{name}}` replaced by `values[name]` or the file `name`, in one
        /// pass (no value is searched for slots).
        static func page(_ values: [String: String]) -> String {
            var page = ""
            var rest = template[...]
            while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
                let name = String(rest[open.upperBound..<close.lowerBound])
                guard let value = values[name] ?? files[name] else { fatalError("\(folder)viewer.html: no value for {{\(name)}}") }
                page += rest[..<open.lowerBound]
                page += value
                rest = rest[close.upperBound...]
            }
            return page + rest
        }
    }
}
