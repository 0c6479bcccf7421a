import Foundation
import OrbitMath
import TestSupport
import Testing

/// Angles for `sequence` at least `margin` radians away from gimbal lock.
private func randomAngles(_ sequence: EulerSequence, margin: Double, _ random: inout SeededGenerator) -> EulerAngles {
    let range = sequence.middleAngleRange
    return EulerAngles(
        phi: random.angle(),
        theta: random.uniform((range.lowerBound + margin)...(range.upperBound - margin)),
        psi: random.angle())
}

@Suite struct EulerSequenceTests {
    @Test func twelveValidSequencesAndFifteenInvalidTriples() {
        var valid = 0, invalid = 0
        for i in 1...3 {
            for j in 1...3 {
                for k in 1...3 {
                    if let sequence = EulerSequence(i, j, k) {
                        valid += 1
                        #expect(sequence.diebelIndices == (i, j, k))
                        #expect(i != j && j != k)
                    } else {
                        invalid += 1
                        #expect(i == j || j == k)
                    }
                }
            }
        }
        #expect(valid == 12 && invalid == 15)
        #expect(EulerSequence(0, 1, 2) == nil)
        #expect(EulerSequence.allCases.count == 12)
    }

    @Test func coreMotionIsSequence213() {
        #expect(EulerSequence.coreMotion.diebelIndices == (2, 1, 3))
        #expect(EulerSequence.coreMotion.description == "(2, 1, 3)")
        #expect(!EulerSequence.coreMotion.isProperEuler)
        #expect(EulerSequence.zxz.isProperEuler)
    }

    /// Euler → quaternion → Euler returns the same angles away from the singularity.
    @Test(arguments: EulerSequence.allCases)
    func anglesRoundTrip(sequence: EulerSequence) {
        propertyCheck(count: 2000) { random, index in
            let angles = randomAngles(sequence, margin: 0.01, &random)
            let back = Quaternion(euler: angles, sequence: sequence).eulerAngles(sequence)
            #expect(closeAngle(back.phi, angles.phi, tolerance: 1e-10), "\(sequence) case \(index)")
            #expect(close(back.theta, angles.theta, tolerance: 1e-10), "\(sequence) case \(index)")
            #expect(closeAngle(back.psi, angles.psi, tolerance: 1e-10), "\(sequence) case \(index)")
        }
    }

    /// Quaternion → Euler → quaternion gives the same rotation for any rotation, including
    /// those near and at gimbal lock.
    @Test(arguments: EulerSequence.allCases)
    func rotationRoundTrip(sequence: EulerSequence) {
        propertyCheck(count: 2000) { random, index in
            let q = random.rotation()
            let back = Quaternion(euler: q.eulerAngles(sequence), sequence: sequence)
            #expect(back.isSameRotation(as: q, tolerance: 1e-9), "\(sequence) case \(index)")
        }
    }

    /// Thesis eq. 4.2: the quaternion's (world → body) matrix equals R_i(φ)·R_j(θ)·R_k(ψ).
    @Test(arguments: EulerSequence.allCases)
    func quaternionMatchesDiebelMatrixProduct(sequence: EulerSequence) {
        propertyCheck(count: 200) { random, index in
            let angles = randomAngles(sequence, margin: 0, &random)
            let (i, j, k) = sequence.axes
            let product =
                RotationMatrix.coordinateRotation(about: i, angle: angles.phi)
                * RotationMatrix.coordinateRotation(about: j, angle: angles.theta)
                * RotationMatrix.coordinateRotation(about: k, angle: angles.psi)
            let fromQuaternion = Quaternion(euler: angles, sequence: sequence).rotationMatrix.diebel
            #expect(close(product, fromQuaternion, tolerance: 1e-13), "\(sequence) case \(index)")
        }
    }

    @Test(arguments: EulerSequence.allCases)
    func decompositionStaysInDocumentedRanges(sequence: EulerSequence) {
        propertyCheck(count: 1000) { random, index in
            let u = random.rotation().eulerAngles(sequence)
            #expect(sequence.middleAngleRange.contains(u.theta), "\(sequence) case \(index)")
            #expect(u.phi > -.pi - 1e-15 && u.phi <= .pi, "\(sequence) case \(index)")
            #expect(u.psi > -.pi - 1e-15 && u.psi <= .pi, "\(sequence) case \(index)")
        }
    }

    @Test func singleAxisRotationsLandInTheirOwnAngle() {
        // Sequence (1, 2, 3): a pure rotation about z is ψ, about x is φ, about y is θ.
        let aboutZ = Quaternion(about: .z, angle: 0.5).eulerAngles(.xyz)
        #expect(close(aboutZ.psi, 0.5) && close(aboutZ.phi, 0) && close(aboutZ.theta, 0))
        let aboutX = Quaternion(about: .x, angle: -0.8).eulerAngles(.xyz)
        #expect(close(aboutX.phi, -0.8) && close(aboutX.psi, 0))
        let aboutY = Quaternion(about: .y, angle: 1.1).eulerAngles(.xyz)
        #expect(close(aboutY.theta, 1.1))
    }
}

@Suite struct ThesisFormulaTests {
    /// Thesis eq. 4.11, transcribed literally.
    static func thesisMatrix213(phi: Double, theta: Double, psi: Double) -> RotationMatrix {
        let (cf, sf, ct, st, cp, sp) = (cos(phi), sin(phi), cos(theta), sin(theta), cos(psi), sin(psi))
        return RotationMatrix(
            rows: Vector3(cf * cp - sf * st * sp, cf * sp + sf * st * cp, -ct * sf),
            Vector3(-ct * sp, ct * cp, st),
            Vector3(sf * cp + cf * st * sp, sf * sp - cf * st * cp, cf * ct))
    }

    @Test func equation4_11MatchesQuaternionMatrix() {
        propertyCheck(count: 500) { random, index in
            let angles = EulerAngles(phi: random.angle(), theta: random.uniform(-1.5...1.5), psi: random.angle())
            let thesis = Self.thesisMatrix213(phi: angles.phi, theta: angles.theta, psi: angles.psi)
            let ours = Quaternion(euler: angles, sequence: .coreMotion).rotationMatrix.diebel
            #expect(close(thesis, ours, tolerance: 1e-13), "case \(index)")
        }
    }

    /// Thesis eq. 4.17 (with q0 = w, q1 = x, q2 = y, q3 = z) against the matrix-based
    /// decomposition.
    @Test func equation4_17MatchesMatrixDecomposition() {
        propertyCheck(count: 2000) { random, index in
            let q = random.rotation()
            let (q0, q1, q2, q3) = (q.w, q.x, q.y, q.z)
            let phi = atan2(-2 * q1 * q3 + 2 * q0 * q2, q3 * q3 - q2 * q2 - q1 * q1 + q0 * q0)
            let theta = asin(max(-1, min(1, 2 * q2 * q3 + 2 * q0 * q1)))
            let psi = atan2(-2 * q1 * q2 + 2 * q0 * q3, q2 * q2 - q3 * q3 + q0 * q0 - q1 * q1)
            let u = q.eulerAngles(.coreMotion)
            guard q.gimbalLockMargin(.coreMotion) > 1e-3 else { return }
            #expect(closeAngle(u.phi, phi, tolerance: 1e-9), "case \(index)")
            #expect(close(u.theta, theta, tolerance: 1e-9), "case \(index)")
            #expect(closeAngle(u.psi, psi, tolerance: 1e-9), "case \(index)")
        }
    }

    /// Thesis eq. 4.23–4.24: ROLL and PITCH of q_Δ are CoreMotion roll and pitch.
    @Test func equations4_23And4_24AreCoreMotionRollAndPitch() {
        propertyCheck(count: 1000) { random, index in
            let q = random.rotation()
            let roll = atan2(-2 * q.x * q.z + 2 * q.w * q.y, q.z * q.z - q.y * q.y - q.x * q.x + q.w * q.w)
            let pitch = asin(max(-1, min(1, 2 * q.y * q.z + 2 * q.w * q.x)))
            let angles = q.coreMotionAngles
            guard q.gimbalLockMargin(.coreMotion) > 1e-3 else { return }
            #expect(closeAngle(angles.roll, roll, tolerance: 1e-9), "case \(index)")
            #expect(close(angles.pitch, pitch, tolerance: 1e-9), "case \(index)")
        }
    }
}

@Suite struct GimbalLockTests {
    /// At θ = +π/2 in (2, 1, 3), R_x(π/2)·R_y(φ) = R_z(φ)·R_x(π/2): only ψ + φ is observable.
    @Test func taitBryanLockReturnsZeroPhiAndSumInPsi() {
        let locked = Quaternion(euler: EulerAngles(phi: 0.3, theta: .pi / 2, psi: 0.5), sequence: .coreMotion)
        let u = locked.eulerAngles(.coreMotion)
        #expect(u.phi == 0)
        #expect(close(u.theta, .pi / 2, tolerance: 1e-7))
        #expect(closeAngle(u.psi, 0.8, tolerance: 1e-7))
        #expect(Quaternion(euler: u, sequence: .coreMotion).isSameRotation(as: locked, tolerance: 1e-7))
    }

    /// At θ = −π/2 the observable combination is ψ − φ.
    @Test func taitBryanNegativeLockKeepsDifference() {
        let locked = Quaternion(euler: EulerAngles(phi: 0.3, theta: -.pi / 2, psi: 0.5), sequence: .coreMotion)
        let u = locked.eulerAngles(.coreMotion)
        #expect(u.phi == 0)
        #expect(closeAngle(u.psi, 0.2, tolerance: 1e-7))
        #expect(Quaternion(euler: u, sequence: .coreMotion).isSameRotation(as: locked, tolerance: 1e-7))
    }

    /// Different (φ, ψ) pairs with the same sum are one rotation at the lock; decomposition
    /// cannot tell them apart and returns the same angles for both.
    @Test func lockedPairsAreIndistinguishable() {
        let a = Quaternion(euler: EulerAngles(phi: 0.1, theta: .pi / 2, psi: 0.7), sequence: .coreMotion)
        let b = Quaternion(euler: EulerAngles(phi: 0.6, theta: .pi / 2, psi: 0.2), sequence: .coreMotion)
        #expect(a.isSameRotation(as: b, tolerance: 1e-12))
        let ua = a.eulerAngles(.coreMotion), ub = b.eulerAngles(.coreMotion)
        #expect(closeAngle(ua.psi, ub.psi, tolerance: 1e-7) && ua.phi == ub.phi)
    }

    @Test(arguments: [EulerSequence.zxz, .xyx, .yzy])
    func properEulerLockAtZeroAndPi(sequence: EulerSequence) {
        for theta in [0.0, Double.pi] {
            let q = Quaternion(euler: EulerAngles(phi: 0.4, theta: theta, psi: -1.0), sequence: sequence)
            let u = q.eulerAngles(sequence)
            #expect(u.phi == 0, "\(sequence) θ=\(theta)")
            #expect(close(u.theta, theta, tolerance: 1e-7), "\(sequence) θ=\(theta)")
            #expect(Quaternion(euler: u, sequence: sequence).isSameRotation(as: q, tolerance: 1e-7), "\(sequence) θ=\(theta)")
        }
    }

    /// A phone held upright in portrait has its y axis vertical: CoreMotion pitch is 90° and
    /// yaw alone no longer tracks the heading.
    @Test func uprightPortraitPhoneIsAtTheLock() {
        let upright = Quaternion(about: .x, angle: .pi / 2)
        #expect(close(upright.coreMotionAngles.pitch, .pi / 2, tolerance: 1e-7))
        #expect(upright.gimbalLockMargin(.coreMotion) < 1e-7)
        // Turning the upright phone about the vertical moves roll+yaw together; at the lock
        // the split is arbitrary, our convention puts it all in yaw.
        let turned = Quaternion(about: .z, angle: 0.5) * upright
        #expect(closeAngle(turned.coreMotionAngles.yaw, 0.5, tolerance: 1e-7))
        #expect(turned.coreMotionAngles.roll == 0)
    }

    @Test func marginMeasuresDistanceFromLock() {
        for theta in [0.0, 0.5, 1.2, 1.5] {
            let q = Quaternion(euler: EulerAngles(phi: 0.2, theta: theta, psi: -0.3), sequence: .coreMotion)
            #expect(close(q.gimbalLockMargin(.coreMotion), .pi / 2 - theta, tolerance: 1e-12))
        }
        let proper = Quaternion(euler: EulerAngles(phi: 0.2, theta: 2.9, psi: -0.3), sequence: .zxz)
        #expect(close(proper.gimbalLockMargin(.zxz), .pi - 2.9, tolerance: 1e-12))
    }

    /// Just outside the tolerance the full decomposition is used and still reconstructs.
    @Test func nearLockStillReconstructs() {
        let q = Quaternion(euler: EulerAngles(phi: 0.3, theta: .pi / 2 - 1e-6, psi: 0.5), sequence: .coreMotion)
        let u = q.eulerAngles(.coreMotion)
        #expect(Quaternion(euler: u, sequence: .coreMotion).isSameRotation(as: q, tolerance: 1e-9))
    }
}

@Suite struct CoreMotionAngleTests {
    @Test func flatPhoneHasZeroAngles() {
        let angles = Quaternion.identity.coreMotionAngles
        #expect(angles.pitch == 0 && angles.roll == 0 && angles.yaw == 0)
    }

    @Test func raisingTheTopEdgeIsPositivePitch() {
        let q = Quaternion(about: .x, angle: 0.3)
        #expect(q.rotate(.unitY).z > 0)  // the top edge went up
        #expect(close(q.coreMotionAngles.pitch, 0.3))
    }

    @Test func rollIsAboutTheLongAxisAndYawAboutVertical() {
        #expect(close(Quaternion(about: .y, angle: -0.4).coreMotionAngles.roll, -0.4))
        #expect(close(Quaternion(about: .z, angle: 2.0).coreMotionAngles.yaw, 2.0))
    }

    @Test func initFromCoreMotionAnglesRoundTrips() {
        let angles = CoreMotionAngles(pitch: 0.2, roll: -1.3, yaw: 2.5)
        let back = Quaternion(coreMotion: angles).coreMotionAngles
        #expect(close(back.pitch, 0.2) && close(back.roll, -1.3) && close(back.yaw, 2.5))
    }

    /// The seed's landscape capture: with the screen vertical and the long side horizontal,
    /// turning about the vertical changes yaw only, so yaw is the orbit angle.
    @Test func landscapeYawTracksHeading() {
        let landscape = Quaternion(about: .y, angle: -.pi / 2)  // body x points up
        let start = landscape.coreMotionAngles
        for heading in stride(from: -3.0, through: 3.0, by: 0.5) {
            let turned = (Quaternion(about: .z, angle: heading) * landscape).coreMotionAngles
            #expect(closeAngle(turned.yaw - start.yaw, heading, tolerance: 1e-12), "heading \(heading)")
            #expect(close(turned.pitch, start.pitch, tolerance: 1e-12))
            #expect(closeAngle(turned.roll, start.roll, tolerance: 1e-12))
        }
    }
}
