import ArgumentParser
import Foundation
import OrbitBench

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Check a recording.json export, show which image the viewer displays at an angle, or write the web spin viewer.",
        discussion: """
            Validates the file (every field present, numbers finite and in range, image names that \
            stay inside the recording's folder) and prints, for each requested angle, the element \
            with the nearest angle on the circle. Without --angle it lists the elements in playback order.

            With --html it writes viewer/index.html beside the recording instead of the list: one \
            self-contained page (no network) that plays the capture. Drag it, use the arrow keys or \
            the wheel to turn the object; it shows the nearest image, its angle, deviations and \
            acceleration, and a ring of filled and empty slots with the largest gap (the most \
            empty slots in a row, as max_gap_deg), 0° at the top and clockwise as \
            coverage-polar.png; it opens turned to 0°. It looks for \
            the images in images/ beside the recording (next to the recording when there is no \
            images/ folder); a missing image shows as a placeholder naming the file.

            Examples:
              orbitbench view reports/orbit-72/recording.json --angle 90 --angle 271.5
              orbitbench view reports/incomplete-orbit --html  # writes viewer/index.html
            """)

    @Argument(help: ArgumentHelp("A recording.json, or a run folder (orbitbench run's <out>/<scenario>) holding one.", valueName: "file-or-dir"))
    var file: String

    @Option(name: .customLong("angle"), help: "Angle in degrees to look up (repeatable).")
    var angles: [Double] = []

    @Flag(help: "Write the web spin viewer, viewer/index.html beside the recording.")
    var html = false

    func validate() throws {
        // Beyond ±1e6° a double cannot hold the angle to a hundredth of a degree (it would be
        // wrapped to a wrong one), and nobody turns an object that far.
        for angle in angles where !(angle.isFinite && abs(angle) <= 1e6) {
            throw ValidationError("--angle must be a number of degrees within ±1000000, e.g. --angle 90")
        }
    }

    func run() throws {
        let (path, recording) = try CommandFailure.wrapping { try Bench.recording(file) }
        print("\(TextExcerpt.escaped(recording.uid)): \(recording.elements.count) images, \(recording.radius)° apart")
        if html {
            let written = try CommandFailure.wrapping { try Bench.writeSpinViewerReporting(recording, besides: path) }
            print("wrote \(TextExcerpt.escaped(written.page.path))")
            if written.missingImages > 0 {
                let which =
                    written.missingImages == recording.elements.count
                    ? "none of the \(written.missingImages)" : "\(written.missingImages) of the \(recording.elements.count)"
                FileHandle.standardError.write(
                    Data(
                        "warning: \(which) images exist, so the page shows placeholders; images are drawn by `orbitbench run SCENARIO --seeds N --render`\n"
                            .utf8))
            }
        } else if angles.isEmpty {
            for element in recording.elements {
                print(String(format: "%8.2f°  %@  t = %.2f s", element.angle, TextExcerpt.escaped(element.image), element.time))
            }
        }
        for angle in angles {
            guard let element = recording.element(nearest: angle) else {
                print(String(format: "%8.2f° → (empty recording)", angle))
                continue
            }
            print(String(format: "%8.2f° → %@ (at %.2f°)", angle, TextExcerpt.escaped(element.image), element.angle))
        }
    }
}
