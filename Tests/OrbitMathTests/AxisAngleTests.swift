import Foundation
import OrbitMath
import Testing

@Suite struct AxisAngleTests {
    /// Thesis eq. 4.18–4.21 (CMQuaternion): q = (cos θ/2, axis·sin θ/2).
    @Test func cmQuaternionSemantics() {
        let axis = Vector3(1, 2, 2) / 3
        let theta = 1.2
        let q = Quaternion(axis: axis, angle: theta)
        #expect(close(q.x, axis.x * sin(theta / 2)))
        #expect(close(q.y, axis.y * sin(theta / 2)))
        #expect(close(q.z, axis.z * sin(theta / 2)))
        #expect(close(q.w, cos(theta / 2)))
        #expect(close(q.norm, 1, tolerance: 1e-15))
    }

    @Test func axisIsNormalisedAndZeroAxisIsIdentity() {
        let q = Quaternion(axis: Vector3(0, 0, 5), angle: .pi / 3)
        #expect(close(q, Quaternion(about: .z, angle: .pi / 3)))
        #expect(Quaternion(axis: .zero, angle: 1) == .identity)
    }

    @Test func rightHandRule() {
        let q = Quaternion(axis: .unitZ, angle: .pi / 2)
        #expect(close(q.rotate(.unitX), .unitY, tolerance: 1e-15))
        #expect(close(q.rotate(.unitY), -.unitX, tolerance: 1e-15))
    }

    @Test func angleAndAxisRecovery() {
        let q = Quaternion(axis: Vector3(1, 1, 0), angle: 2.5)
        #expect(close(q.angle, 2.5))
        #expect(close(q.axis!, Vector3(1, 1, 0).normalized!))
        // An angle above π is the shorter rotation the other way round.
        let long = Quaternion(axis: .unitZ, angle: 1.5 * .pi)
        #expect(close(long.angle, 0.5 * .pi))
        #expect(close(long.axis!, -.unitZ))
        #expect(Quaternion.identity.axis == nil)
        #expect(Quaternion.identity.angle == 0)
    }

    @Test func rotationVectorRoundTrip() {
        propertyCheck(count: 1000) { random, index in
            let q = random.rotation()
            let back = Quaternion(rotationVector: q.rotationVector)
            #expect(q.isSameRotation(as: back, tolerance: 1e-12), "case \(index)")
            #expect(q.rotationVector.norm <= .pi + 1e-12, "case \(index)")
        }
    }

    @Test func rotationVectorNearZeroIsExact() {
        let tiny = Vector3(1e-12, -2e-12, 3e-12)
        let q = Quaternion(rotationVector: tiny)
        #expect(close(q.rotationVector, tiny, tolerance: 1e-24))
        #expect(Quaternion(rotationVector: .zero) == .identity)
        #expect(Quaternion.identity.rotationVector == .zero)
    }

    @Test func rotationVectorOfHalfTurn() {
        let q = Quaternion(axis: .unitY, angle: .pi)
        #expect(close(q.rotationVector.norm, .pi))
        #expect(close(abs(q.rotationVector.y), .pi))
    }

    @Test func angularDistanceIsTheRelativeRotationAngle() {
        let a = Quaternion(about: .x, angle: 0.3)
        let b = Quaternion(about: .x, angle: 1.0)
        #expect(close(a.angularDistance(to: b), 0.7))
        #expect(close(b.angularDistance(to: a), 0.7))
        // Small distances stay accurate (acos would lose them).
        let c = Quaternion(about: .y, angle: 1e-9)
        #expect(close(Quaternion.identity.angularDistance(to: c), 1e-9, tolerance: 1e-20))
    }
}
