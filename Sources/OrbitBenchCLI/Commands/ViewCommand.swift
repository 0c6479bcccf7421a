import ArgumentParser
import Foundation
import OrbitBench

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Check a recording.json export and show which image the viewer displays at an angle.",
        discussion: """
            Validates the file (every field present, numbers finite and in range, image names that \
            stay inside the recording's folder) and prints, for each requested angle, the element \
            with the nearest angle on the circle. Without --angle it lists the elements in playback order.

            Example: orbitbench view reports/orbit-72/recording.json --angle 90 --angle 271.5
            """)

    @Argument(help: "Path to a recording.json.")
    var file: String

    @Option(name: .customLong("angle"), help: "Angle in degrees to look up (repeatable).")
    var angles: [Double] = []

    func validate() throws {
        for angle in angles where !angle.isFinite { throw ValidationError("--angle must be a finite number of degrees") }
    }

    func run() throws {
        guard let data = ProjectFiles.contents(atPath: file) else {
            throw CommandFailure("\(file): cannot read the file")
        }
        let recording: Recording
        do {
            recording = try Recording.decode(data)
        } catch {
            throw CommandFailure("\(file): \(error)")
        }
        print("\(TerminalText.escaped(recording.uid)): \(recording.elements.count) images, \(recording.radius)° apart")
        if angles.isEmpty {
            for element in recording.elements {
                print(String(format: "%8.2f°  %@  t = %.2f s", element.angle, TerminalText.escaped(element.image), element.time))
            }
        }
        for angle in angles {
            guard let element = recording.element(nearest: angle) else {
                print(String(format: "%8.2f° → (empty recording)", angle))
                continue
            }
            print(String(format: "%8.2f° → %@ (at %.2f°)", angle, TerminalText.escaped(element.image), element.angle))
        }
    }
}
