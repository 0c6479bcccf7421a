import Foundation
import OrbitMath
import Testing

@Suite struct AngleTests {
    @Test func wrapToPiRange() {
        #expect(Angles.wrapToPi(.pi) == .pi)
        #expect(Angles.wrapToPi(-.pi) == .pi)
        #expect(close(Angles.wrapToPi(3 * .pi), .pi, tolerance: 1e-15))
        #expect(close(Angles.wrapToPi(2 * .pi + 0.1), 0.1, tolerance: 1e-15))
        #expect(close(Angles.wrapToPi(-2 * .pi - 0.1), -0.1, tolerance: 1e-15))
        let turns: Double = 159_155 * 2 * .pi
        #expect(close(Angles.wrapToPi(1e6), 1e6 - turns, tolerance: 1e-9))
        #expect(Angles.wrapToPi(.nan).isNaN)
    }

    @Test func wrapToTwoPiIsHalfOpen() {
        #expect(Angles.wrapToTwoPi(0) == 0)
        #expect(Angles.wrapToTwoPi(2 * .pi) == 0)
        #expect(close(Angles.wrapToTwoPi(-0.5), 2 * .pi - 0.5, tolerance: 1e-15))
        // −1e-20 + 2π rounds to 2π, which must fold back to 0.
        let tiny = Angles.wrapToTwoPi(-1e-20)
        #expect(tiny >= 0 && tiny < 2 * .pi)
    }

    @Test func wrapDegrees() {
        #expect(Angles.wrapTo360(-5) == 355)
        #expect(Angles.wrapTo360(725) == 5)
        #expect(Angles.wrapTo360(360) == 0)
        let tiny = Angles.wrapTo360(-1e-14)
        #expect(tiny >= 0 && tiny < 360)
    }

    @Test func circularDistanceAcrossZero() {
        #expect(close(Angles.circularDistance(Angles.radians(350), Angles.radians(10)), Angles.radians(20), tolerance: 1e-14))
        #expect(close(Angles.circularDistance(0, .pi), .pi))
        #expect(close(Angles.circularDistance(-3, 3), 2 * .pi - 6, tolerance: 1e-15))
    }

    @Test func signedDifferenceTakesShortWay() {
        #expect(close(Angles.signedDifference(from: Angles.radians(350), to: Angles.radians(10)), Angles.radians(20), tolerance: 1e-14))
        #expect(close(Angles.signedDifference(from: Angles.radians(10), to: Angles.radians(350)), Angles.radians(-20), tolerance: 1e-14))
    }

    @Test func unwrapRemovesJumps() {
        let wrapped = [3.0, -3.1, -2.9, 3.0, 2.8]
        let unwrapped = Angles.unwrap(wrapped)
        #expect(unwrapped[0] == 3.0)
        #expect(close(unwrapped[1], 2 * .pi - 3.1, tolerance: 1e-15))
        #expect(close(unwrapped[2], 2 * .pi - 2.9, tolerance: 1e-15))
        #expect(close(unwrapped[3], 3.0, tolerance: 1e-15))
        #expect(close(unwrapped[4], 2.8, tolerance: 1e-15))
    }

    @Test func unwrapOfFullTurnsKeepsCounting() {
        let steps = (0..<400).map { Double($0) * 0.1 }  // 40 rad ≈ 6.4 turns
        let unwrapped = Angles.unwrap(steps.map(Angles.wrapToPi))
        for (expected, actual) in zip(steps, unwrapped) { #expect(close(actual, expected, tolerance: 1e-12)) }
    }

    @Test func unwrapperSkipsNonFiniteSamples() {
        var unwrapper = AngleUnwrapper()
        _ = unwrapper.next(3.0)
        #expect(unwrapper.next(.nan).isNaN)
        #expect(close(unwrapper.next(-3.0), 2 * .pi - 3.0, tolerance: 1e-15))
        unwrapper.reset()
        #expect(unwrapper.next(-3.0) == -3.0)
    }

    @Test func circularMeanAcrossZero() {
        let mean = Angles.circularMean([Angles.radians(350), Angles.radians(10)])!
        #expect(close(mean, 0, tolerance: 1e-15))
        let mean2 = Angles.circularMean([Angles.radians(170), Angles.radians(-170), Angles.radians(180)])!
        #expect(closeAngle(mean2, .pi, tolerance: 1e-14))
    }

    @Test func circularMeanUndefinedCases() {
        #expect(Angles.circularMean([Double]()) == nil)
        #expect(Angles.circularMean([0, .pi]) == nil)
        #expect(Angles.circularMean([0, 2 * .pi / 3, 4 * .pi / 3]) == nil)
    }

    @Test func meanResultantLength() {
        #expect(close(Angles.meanResultantLength([0.3, 0.3, 0.3]), 1))
        #expect(close(Angles.meanResultantLength([0, .pi / 2]), 0.5.squareRoot()))
        #expect(Angles.meanResultantLength([Double]()) == 0)
    }

    @Test func degreeConversions() {
        #expect(Angles.degrees(.pi) == 180)
        #expect(Angles.radians(90) == .pi / 2)
        #expect(close(Angles.degrees(Angles.radians(37.5)), 37.5))
    }
}

@Suite struct SineCosineTests {
    /// Within 2 ulp of libm over ±1000 rad and exact at the quadrant points.
    @Test func matchesLibmToAFewUlp() {
        propertyCheck(count: 200_000) { random, index in
            let x = random.uniform(-1000...1000)
            let (s, c) = Angles.sinCos(x)
            #expect(abs(s - sin(x)) <= 2 * sin(x).ulp + 1e-300, "sin case \(index), x = \(x)")
            #expect(abs(c - cos(x)) <= 2 * cos(x).ulp + 1e-300, "cos case \(index), x = \(x)")
        }
    }

    @Test func smallArgumentsAndQuadrants() {
        #expect(Angles.sinCos(0) == (0, 1))
        #expect(Angles.sinCos(1e-300).sin == 1e-300)
        for k in -8...8 {
            let x = Double(k) * .pi / 2
            let (s, c) = Angles.sinCos(x)
            #expect(abs(s - sin(x)) < 1e-15 && abs(c - cos(x)) < 1e-15, "k = \(k)")
        }
        for x in [0.5, 0.785, 0.786, 2.0, 3.0, -2.5, 100.25] {
            let (s, c) = Angles.sinCos(x)
            #expect(abs(s - sin(x)) <= sin(x).ulp && abs(c - cos(x)) <= 2 * cos(x).ulp, "x = \(x)")
        }
    }

    @Test func hugeAndNonFiniteArgumentsFallBackToLibm() {
        #expect(Angles.sinCos(1e10).sin == sin(1e10))
        #expect(Angles.sinCos(.nan).sin.isNaN)
        #expect(Angles.sinCos(.infinity).cos.isNaN)
    }
}
