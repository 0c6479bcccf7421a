import Foundation
import OrbitMath
import Testing

@Suite struct SlerpTests {
    @Test func endpointsAreReproduced() {
        propertyCheck(count: 300) { random, index in
            let a = random.rotation(), b = random.rotation()
            #expect(Quaternion.slerp(a, b, t: 0).isSameRotation(as: a, tolerance: 1e-9), "case \(index)")
            #expect(Quaternion.slerp(a, b, t: 1).isSameRotation(as: b, tolerance: 1e-9), "case \(index)")
        }
    }

    @Test func midpointHalvesTheAngle() {
        let a = Quaternion(about: .z, angle: 0.2), b = Quaternion(about: .z, angle: 1.4)
        #expect(Quaternion.slerp(a, b, t: 0.5).isSameRotation(as: Quaternion(about: .z, angle: 0.8), tolerance: 1e-12))
        propertyCheck(count: 300) { random, index in
            let p = random.rotation(), q = random.rotation()
            let mid = Quaternion.slerp(p, q, t: 0.5)
            #expect(close(p.angularDistance(to: mid), mid.angularDistance(to: q), tolerance: 1e-9), "case \(index)")
            #expect(close(p.angularDistance(to: mid), p.angularDistance(to: q) / 2, tolerance: 1e-9), "case \(index)")
        }
    }

    /// q and −q are one rotation; slerp must take the short way (here 20°, not 340°).
    @Test func takesTheShortestPath() {
        let a = Quaternion(about: .z, angle: Angles.radians(170))
        let b = Quaternion(about: .z, angle: Angles.radians(-170))
        let mid = Quaternion.slerp(a, b, t: 0.5)
        #expect(mid.isSameRotation(as: Quaternion(about: .z, angle: .pi), tolerance: 1e-12))
        // Same with an explicitly negated end quaternion.
        let c = Quaternion(about: .x, angle: 0.4)
        let negatedEnd = -Quaternion(about: .x, angle: 0.6)
        #expect(Quaternion.slerp(c, negatedEnd, t: 0.5).isSameRotation(as: Quaternion(about: .x, angle: 0.5), tolerance: 1e-12))
    }

    @Test func constantAngularVelocity() {
        let a = Quaternion(about: .y, angle: 0), b = Quaternion(about: .y, angle: 2.0)
        for step in 0...10 {
            let t = Double(step) / 10
            #expect(close(a.angularDistance(to: Quaternion.slerp(a, b, t: t)), 2.0 * t, tolerance: 1e-12), "t=\(t)")
        }
    }

    @Test func nearlyIdenticalInputsStayUnitAndFinite() {
        let a = Quaternion(about: .x, angle: 0.5)
        let b = Quaternion(about: .x, angle: 0.5 + 1e-13)
        let mid = Quaternion.slerp(a, b, t: 0.5)
        #expect(mid.isFinite)
        #expect(close(mid.norm, 1, tolerance: 1e-15))
        #expect(mid.isSameRotation(as: a, tolerance: 1e-12))
    }
}
