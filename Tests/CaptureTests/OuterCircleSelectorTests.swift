import Capture
import Foundation
import Fusion
import OrbitMath
import Testing

func motion(_ time: Double, heading: Double, acceleration: Double = 0) -> DeviceMotion {
    let portraitLookingX = Quaternion(rotationMatrix: Matrix3(columns: -Vector3.unitY, .unitZ, -Vector3.unitX))
    let attitude = Quaternion(about: .z, angle: heading) * portraitLookingX * Quaternion(about: .z, angle: .pi / 2)
    return DeviceMotion(
        timestamp: time, attitude: attitude, rotationRate: .zero, gravity: Vector3(0, 0, -9.81),
        userAcceleration: Vector3(acceleration, 0, 0), magneticField: nil, magneticFieldAccuracy: .uncalibrated,
        heading: nil, referenceFrame: .xArbitraryZVertical, atRest: false)
}

@Suite struct OuterCircleSelectorTests {
    /// Turn at 10°/s for 40 s, one motion update every 10 ms, one frame every 100 ms.
    func session(settings: CaptureSettings = CaptureSettings()) -> (OuterCircleSelector, [FrameDecision]) {
        var session = OuterCircleSelector(settings: settings)
        var decisions: [FrameDecision] = []
        for step in 0...4000 {
            let time = Double(step) / 100
            _ = session.handleMotion(motion(time, heading: time * 10 * .pi / 180, acceleration: step % 3 == 0 ? 2 : 0.1))
            if step % 10 == 5 {
                decisions.append(
                    session.handleFrame(
                        FrameInput(index: decisions.count, timestamp: time - 0.02, exposure: 0.01, image: "frame-\(decisions.count).jpg")))
            }
        }
        return (session, decisions)
    }

    @Test func slotsFillAroundTheCircle() {
        let (session, decisions) = session()
        #expect(session.coverage == 1)
        #expect(decisions.first?.outcome == .accepted)
        #expect(decisions.first?.placement?.slot == 0)
        #expect(decisions.contains { $0.outcome == .replaced })
        #expect(decisions.contains { $0.outcome == .worseThanHolder })
        // Each slot holds the best of its candidates.
        for decision in decisions where decision.outcome.isKept {
            let holder = session.slots[decision.placement!.slot]!
            #expect(holder.score <= decision.score!)
        }
    }

    @Test func thresholdDiscardsFramesAboveIt() {
        var settings = CaptureSettings()
        settings.threshold = 1.9  // acceleration 2 m/s² alone gives 2
        let (session, decisions) = session(settings: settings)
        #expect(decisions.contains { $0.outcome == .overThreshold })
        #expect(session.slots.compactMap { $0 }.allSatisfy { $0.acceleration < 1 })
    }

    @Test func framesWithoutMotionAreDiscarded() {
        var session = OuterCircleSelector(settings: CaptureSettings())
        #expect(session.handleFrame(FrameInput(index: 0, timestamp: 1, exposure: 0.01, image: "a.jpg")).outcome == .noMotion(.empty))
        _ = session.handleMotion(motion(2, heading: 0))
        _ = session.handleMotion(motion(2.01, heading: 0))
        #expect(session.handleFrame(FrameInput(index: 1, timestamp: 1, exposure: 0.01, image: "b.jpg")).outcome == .noMotion(.tooOld))
        #expect(session.handleFrame(FrameInput(index: 2, timestamp: 3, exposure: 0.01, image: "c.jpg")).outcome == .noMotion(.notYetArrived))
        #expect(session.recordingStartTime == nil)
    }

    @Test func lookupTimeFollowsTheSetting() {
        var settings = CaptureSettings()
        settings.lookupTime = .exposureStart
        var start = OuterCircleSelector(settings: settings)
        var middle = OuterCircleSelector(settings: CaptureSettings())
        for step in 0..<10 {
            _ = start.handleMotion(motion(Double(step) / 10, heading: 0))
            _ = middle.handleMotion(motion(Double(step) / 10, heading: 0))
        }
        let frame = FrameInput(index: 0, timestamp: 0.3, exposure: 0.02, image: "x.jpg")
        #expect(start.handleFrame(frame).lookupTime == 0.3)
        #expect(middle.handleFrame(frame).lookupTime == 0.31)
    }

    @Test func exportMirrorsTheSlots() throws {
        let (session, _) = session()
        let recording = session.recording(uid: "test", date: 1_700_000_000)
        #expect(recording.radius == 5)
        #expect(recording.elements.count == 72)
        #expect(recording.elements.allSatisfy { $0.acceleration < 0.3 })  // in g
        let back = try Recording.decode(try recording.jsonData())
        #expect(back == recording)
    }
}

@Suite struct RecordingTests {
    func element(_ angle: Double, _ image: String = "x.jpg") -> Recording.Element {
        Recording.Element(image: image, angle: angle, time: 0, deviationPitch: 0, deviationRoll: 0, acceleration: 0)
    }

    /// The seed's example: 1, 7, 355, 10, 19, 14 ⇒ 355, 1, 7, 10, 14, 19.
    @Test func seedOrderingExample() {
        let ordered = Recording.orderedByAngle([1, 7, 355, 10, 19, 14].map { element($0) })
        #expect(ordered.map(\.angle) == [355, 1, 7, 10, 14, 19])
    }

    @Test func incompleteOrbitStartsAfterTheGap() {
        // An orbit that stopped at 250°: the largest gap is the 110° from 250° back to 0°.
        let ordered = Recording.orderedByAngle([250, 0, 100, 5, 245, 150, 200, 50].map { element($0) })
        #expect(ordered.map(\.angle) == [0, 5, 50, 100, 150, 200, 245, 250])
        #expect(Recording.orderedByAngle([]).isEmpty)
        #expect(Recording.orderedByAngle([element(42)]).map(\.angle) == [42])
    }

    @Test func viewerShowsTheNearestAngleAcrossZero() {
        let recording = Recording(uid: "u", date: 0, radius: 5, elements: [element(355, "a.jpg"), element(10, "b.jpg"), element(180, "c.jpg")])
        #expect(recording.element(nearest: 1)?.image == "a.jpg")  // 6° back across 0 beats 9°
        #expect(recording.element(nearest: 6)?.image == "b.jpg")
        #expect(recording.element(nearest: 100)?.image == "c.jpg")
        #expect(recording.element(nearest: -3)?.image == "a.jpg")
        #expect(Recording(uid: "u", date: 0, radius: 5, elements: []).element(nearest: 0) == nil)
    }

    func decodeError(_ json: String) -> RecordingError? {
        do {
            _ = try Recording.decode(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func importValidationNamesTheField() {
        let good =
            #"{"uid":"u","date":1,"radius":5,"elements":[{"image":"a.jpg","angle":3,"time":0.5,"deviationPitch":0,"deviationRoll":0,"acceleration":0.1}]}"#
        #expect(decodeError(good) == nil)
        #expect(decodeError(#"{"uid":"u","date":1,"radius":5}"#)?.description == "elements: missing")
        #expect(decodeError(good.replacingOccurrences(of: #""angle":3,"#, with: ""))?.description == "elements[0].angle: missing")
        #expect(
            decodeError(good.replacingOccurrences(of: #""angle":3"#, with: #""angle":"3""#))?.description == "elements[0].angle: expected a number")
        // JSON has no infinities: a number too large for a Double makes the document invalid.
        #expect(decodeError(good.replacingOccurrences(of: #""angle":3"#, with: #""angle":1e999"#))?.description == "not valid JSON")
        #expect(decodeError(good.replacingOccurrences(of: "a.jpg", with: "../../etc/passwd"))?.field == "elements[0].image")
        #expect(decodeError(good.replacingOccurrences(of: "a.jpg", with: "/abs.jpg"))?.field == "elements[0].image")
        #expect(
            decodeError(good.replacingOccurrences(of: #""angle":3"#, with: #""angle":360"#))?.description
                == "elements[0].angle: 360.0 outside [0, 360)")
        #expect(decodeError(good.replacingOccurrences(of: #""radius":5"#, with: #""radius":0"#))?.field == "radius")
        #expect(decodeError("{not json")?.description == "not valid JSON")
    }
}
