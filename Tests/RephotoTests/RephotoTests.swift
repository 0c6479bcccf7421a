import Foundation
import OrbitMath
import Rephoto
import Testing

@Suite struct NavigationTests {
    let rectangle = NavigationRectangle(width: 400, height: 300)

    @Test func deltaOfIdenticalAttitudesIsIdentity() {
        let q = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.3, roll: -0.7, yaw: 2.1))
        let delta = RelativeAttitude.delta(reference: q, current: q)
        #expect(delta.isSameRotation(as: .identity, tolerance: 1e-12))
        #expect(abs(delta.w - 1) < 1e-12)
    }

    /// q_Δ = q₀⁻¹ ⊗ q₁ is the rotation, in the reference's body frame, from q₀ to q₁.
    @Test func deltaComposesBackToTheCurrentAttitude() {
        let q0 = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.1, roll: 0.2, yaw: 0.3))
        let q1 = Quaternion(coreMotion: CoreMotionAngles(pitch: -0.4, roll: 0.5, yaw: -1.0))
        #expect((q0 * RelativeAttitude.delta(reference: q0, current: q1)).isSameRotation(as: q1, tolerance: 1e-12))
    }

    @Test func rectangleIsCentredWhenAligned() {
        let q = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.3, roll: -0.7, yaw: 2.1))
        let (x, y) = rectangle.guidance(reference: q, current: q)
        #expect(abs(x - 200) < 1e-9 && abs(y - 150) < 1e-9)
        #expect(rectangle.isAligned(reference: q, current: q, tolerance: 1e-6))
    }

    /// Pitching by 9° (about the device x axis) moves the rectangle down by 9/180 of the height
    /// and leaves x; rolling by 18° (about y) moves it right by 18/360 of the width.
    @Test func pitchMovesVerticallyRollHorizontally() {
        let q0 = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.2, roll: 0.1, yaw: -0.5))
        let pitched = q0 * Quaternion(about: .x, angle: 9 * .pi / 180)
        let (px, py) = rectangle.guidance(reference: q0, current: pitched)
        #expect(abs(px - 200) < 1e-9)
        #expect(abs(py - (150 + 300 * 9.0 / 180)) < 1e-9)  // 165
        let rolled = q0 * Quaternion(about: .y, angle: -18 * .pi / 180)
        let (rx, ry) = rectangle.guidance(reference: q0, current: rolled)
        #expect(abs(rx - (200 - 400 * 18.0 / 360)) < 1e-9)  // 180
        #expect(abs(ry - 150) < 1e-9)
        #expect(!rectangle.isAligned(reference: q0, current: rolled, tolerance: 0.1))
        #expect(rectangle.isAligned(reference: q0, current: rolled, tolerance: 0.32))
    }

    /// eq. 4.23–4.24 agree with the matrix-based (2, 1, 3) decomposition.
    @Test func thesisAnglesAreCoreMotionRollAndPitch() {
        for (roll, pitch) in [(0.3, -0.2), (-2.5, 1.2), (1.0, 0.0)] {
            let q = Quaternion(coreMotion: CoreMotionAngles(pitch: pitch, roll: roll, yaw: 0.7))
            let angles = NavigationAngles(q)
            #expect(abs(angles.roll - roll) < 1e-12 && abs(angles.pitch - pitch) < 1e-12)
        }
    }

    @Test func levelIndicatorTurnsWithYaw() {
        let q = Quaternion(coreMotion: CoreMotionAngles(pitch: 0, roll: 0, yaw: 0.4))
        let indicator = rectangle.levelIndicator(q)
        #expect(abs(indicator.x - 200) < 1e-9 && abs(indicator.y - 150) < 1e-9)
        #expect(abs(indicator.rotation - 0.4) < 1e-12)
    }
}

@Suite struct KeypointStatisticsTests {
    @Test func normalisationAndDistance() {
        let p = NormalizedPoint(pixelX: 1008, pixelY: 756, width: 4032, height: 3024)
        #expect(p == NormalizedPoint(x: 25, y: 25))
        #expect(NormalizedPoint(x: 1, y: 2).distance(to: NormalizedPoint(x: 4, y: 6)) == 5)
    }

    /// Values 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population sd 2, sample sd √(32/7), mean absolute
    /// deviation 12/8 = 1.5.
    @Test func spreadAgainstHandComputedValues() {
        let spread = Spread([2, 4, 4, 4, 5, 5, 7, 9])
        #expect(spread.mean == 5)
        #expect(spread.populationStandardDeviation == 2)
        #expect(abs(spread.sampleStandardDeviation - (32.0 / 7).squareRoot()) < 1e-15)
        #expect(spread.meanAbsoluteDeviation == 1.5)
        #expect(Spread([3]).sampleStandardDeviation == 0)
        #expect(Spread([]).mean.isNaN)
    }

    /// Two images, two key points: distances [[5, 0], [3, 4]] ⇒ per point means 4 and 2, mean
    /// absolute deviations 1 and 2, overall mean 3, thesis σ 1.5.
    @Test func tableStatistics() {
        let reference = [NormalizedPoint(x: 0, y: 0), NormalizedPoint(x: 10, y: 10)]
        let table = KeypointErrorTable(
            reference: reference,
            rephotographs: [
                [NormalizedPoint(x: 3, y: 4), NormalizedPoint(x: 10, y: 10)],
                [NormalizedPoint(x: 0, y: 3), NormalizedPoint(x: 10, y: 14)],
            ])
        #expect(table.distances == [[5, 0], [3, 4]])
        #expect(table.perKeypoint.map(\.mean) == [4, 2])
        #expect(table.perKeypoint.map(\.meanAbsoluteDeviation) == [1, 2])
        #expect(table.thesisOverallMean == 3)
        #expect(table.thesisOverallSigma == 1.5)
        #expect(abs(table.overall.sampleStandardDeviation - (14.0 / 3).squareRoot()) < 1e-12)
    }
}
