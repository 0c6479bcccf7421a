import Foundation
import OrbitMath
import Testing

@Suite struct QuaternionTests {
    let i = Quaternion(w: 0, x: 1, y: 0, z: 0)
    let j = Quaternion(w: 0, x: 0, y: 1, z: 0)
    let k = Quaternion(w: 0, x: 0, y: 0, z: 1)
    let minusOne = Quaternion(w: -1, x: 0, y: 0, z: 0)

    @Test func hamiltonUnitProducts() {
        #expect(i * j == k)
        #expect(j * k == i)
        #expect(k * i == j)
        #expect(j * i == -k)
        #expect(i * i == minusOne)
        #expect(j * j == minusOne)
        #expect(k * k == minusOne)
        #expect(i * j * k == minusOne)  // Hamilton's i² = j² = k² = ijk = −1
    }

    @Test func productOfGeneralQuaternionsMatchesHandComputation() {
        let a = Quaternion(w: 1, x: 2, y: 3, z: 4)
        let b = Quaternion(w: 5, x: 6, y: 7, z: 8)
        // (1 + 2i + 3j + 4k)(5 + 6i + 7j + 8k), expanded by hand.
        #expect(a * b == Quaternion(w: -60, x: 12, y: 30, z: 24))
        #expect(b * a == Quaternion(w: -60, x: 20, y: 14, z: 32))
    }

    @Test func productIsAssociative() {
        propertyCheck(count: 500) { random, index in
            let a = random.rotation(), b = random.rotation(), c = random.rotation()
            #expect(close((a * b) * c, a * (b * c), tolerance: 1e-14), "case \(index)")
        }
    }

    @Test func normIsMultiplicative() {
        let a = Quaternion(w: 1, x: 2, y: 3, z: 4), b = Quaternion(w: -2, x: 0.5, y: 1, z: 3)
        #expect(close((a * b).norm, a.norm * b.norm))
        #expect(a.norm == 30.0.squareRoot())
    }

    @Test func inverseAndConjugate() {
        let a = Quaternion(w: 1, x: 2, y: 3, z: 4)
        #expect(a.conjugate == Quaternion(w: 1, x: -2, y: -3, z: -4))
        #expect(close(a * a.inverse!, .identity, tolerance: 1e-15))
        #expect(close(a.inverse! * a, .identity, tolerance: 1e-15))
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).inverse == nil)
    }

    @Test func normalizationAndItsFailureModes() {
        let q = Quaternion(w: 2, x: 0, y: 0, z: 0).normalized
        #expect(q == .identity)
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).normalized == nil)
        #expect(Quaternion(w: .nan, x: 0, y: 0, z: 0).normalized == nil)
        #expect(close(Quaternion(w: 1, x: 1, y: 1, z: 1).normalized!.norm, 1, tolerance: 1e-15))
    }

    @Test func rotationOfVectorsMatchesSandwichProduct() {
        propertyCheck(count: 500) { random, index in
            let q = random.rotation(), v = random.vector()
            let sandwich = q * Quaternion(scalar: 0, vector: v) * q.conjugate
            #expect(close(q.rotate(v), sandwich.vector, tolerance: 1e-12), "case \(index)")
            #expect(abs(sandwich.w) < 1e-12, "case \(index)")
        }
    }

    @Test func rotationPreservesLengthAndInverseUndoesIt() {
        propertyCheck(count: 500) { random, index in
            let q = random.rotation(), v = random.vector()
            #expect(close(q.rotate(v).norm, v.norm, tolerance: 1e-12), "case \(index)")
            #expect(close(q.inverseRotate(q.rotate(v)), v, tolerance: 1e-12), "case \(index)")
        }
    }

    @Test func compositionAppliesRightOperandFirst() {
        let aboutZ = Quaternion(about: .z, angle: .pi / 2)
        let aboutX = Quaternion(about: .x, angle: .pi / 2)
        // x → (about x) x → (about z) y
        #expect(close((aboutZ * aboutX).rotate(.unitX), .unitY, tolerance: 1e-15))
        // y → (about x) z → (about z) z
        #expect(close((aboutZ * aboutX).rotate(.unitY), .unitZ, tolerance: 1e-15))
    }

    @Test func negatedQuaternionIsTheSameRotation() {
        propertyCheck(count: 200) { random, index in
            let q = random.rotation(), v = random.vector()
            #expect(close(q.rotate(v), (-q).rotate(v), tolerance: 1e-12), "case \(index)")
            #expect(q.angularDistance(to: -q) < 1e-7, "case \(index)")
            #expect(q.canonical.w >= 0, "case \(index)")
        }
    }

    @Test func bodyToWorldConvention() {
        // An attitude rotated 90° about world z: the body x axis points along world y.
        let attitude = Quaternion(about: .z, angle: .pi / 2)
        #expect(close(attitude.rotate(.unitX), .unitY, tolerance: 1e-15))
        // Gravity (world −z) seen from a device pitched up 90° about its x axis lies along −y.
        let upright = Quaternion(about: .x, angle: .pi / 2)
        #expect(close(upright.inverseRotate(Vector3(0, 0, -9.81)), Vector3(0, -9.81, 0), tolerance: 1e-14))
    }
}

@Suite struct RenormalizationTests {
    @Test func newtonStepRestoresUnitNormForSmallDrift() {
        let q = Quaternion(w: 0.6, x: 0.8, y: 0, z: 0)  // unit
        let drifted = 1.0003 * q
        let fixed = drifted.renormalized!
        #expect(abs(fixed.norm - 1) < 2e-7)
        #expect(fixed.isSameRotation(as: q, tolerance: 1e-12))
        // Error of one Newton step: (3/8)·ε² for ε = ‖q‖² − 1 (here ε ≈ 2e-6).
        let tiny = 1.000001 * q
        #expect(abs(tiny.renormalized!.norm - 1) < 4e-12)
    }

    @Test func farFromUnitFallsBackToExactNormalisation() {
        let q = Quaternion(w: 2, x: 0, y: 0, z: 0)
        #expect(q.renormalized == .identity)
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).renormalized == nil)
        #expect(Quaternion(w: .nan, x: 0, y: 0, z: 0).renormalized == nil)
    }
}
