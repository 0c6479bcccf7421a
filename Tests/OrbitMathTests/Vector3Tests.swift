import OrbitMath
import Testing

@Suite struct Vector3Tests {
    @Test func crossProductFollowsRightHandRule() {
        #expect(Vector3.unitX.cross(.unitY) == .unitZ)
        #expect(Vector3.unitY.cross(.unitZ) == .unitX)
        #expect(Vector3.unitZ.cross(.unitX) == .unitY)
        #expect(Vector3.unitY.cross(.unitX) == -Vector3.unitZ)
    }

    @Test func crossProductIsPerpendicularToBothOperands() {
        propertyCheck(count: 500) { random, index in
            let a = random.vector(), b = random.vector()
            let c = a.cross(b)
            #expect(abs(c.dot(a)) < 1e-10 * (1 + a.normSquared * b.norm), "case \(index)")
            #expect(abs(c.dot(b)) < 1e-10 * (1 + b.normSquared * a.norm), "case \(index)")
        }
    }

    @Test func normAndDot() {
        let v = Vector3(3, 4, 12)
        #expect(v.norm == 13)
        #expect(v.normSquared == 169)
        #expect(v.dot(Vector3(1, -1, 2)) == 23)
    }

    @Test func normalizedHasUnitLengthAndZeroHasNoDirection() {
        #expect(close(Vector3(0, 3, 4).normalized!, Vector3(0, 0.6, 0.8)))
        #expect(Vector3.zero.normalized == nil)
        #expect(Vector3(.infinity, 0, 0).normalized == nil)
    }

    @Test func angleBetweenVectorsIsStableNearParallel() {
        #expect(close(Vector3.unitX.angle(to: .unitY), .pi / 2))
        #expect(close(Vector3.unitX.angle(to: -.unitX), .pi))
        let tiny = 1e-9
        #expect(close(Vector3.unitX.angle(to: Vector3(1, tiny, 0)), tiny, tolerance: 1e-20))
    }

    @Test func arithmeticAndSubscripts() {
        var v = Vector3(1, 2, 3)
        #expect(v + Vector3(1, 1, 1) == Vector3(2, 3, 4))
        #expect(v - Vector3(1, 1, 1) == Vector3(0, 1, 2))
        #expect(2 * v == Vector3(2, 4, 6))
        #expect(v / 2 == Vector3(0.5, 1, 1.5))
        #expect(v.scaled(by: Vector3(2, 0, -1)) == Vector3(2, 0, -3))
        v[2] = 9
        #expect(v[0] == 1 && v[1] == 2 && v[2] == 9)
    }

    @Test func finitenessCheck() {
        #expect(Vector3(1, 2, 3).isFinite)
        #expect(!Vector3(1, .nan, 3).isFinite)
        #expect(!Vector3(1, 2, -.infinity).isFinite)
    }

    @Test func axisParityAndRemainingAxis() {
        #expect(Axis.parity(.x, .y, .z) == 1)
        #expect(Axis.parity(.y, .z, .x) == 1)
        #expect(Axis.parity(.z, .x, .y) == 1)
        #expect(Axis.parity(.y, .x, .z) == -1)
        #expect(Axis.parity(.x, .z, .y) == -1)
        #expect(Axis.remaining(.x, .z) == .y)
        #expect(Axis.remaining(.z, .y) == .x)
    }
}
