import Foundation
import OrbitMath
import Testing

@Suite struct RotationMatrixTests {
    @Test func matrixOfQuaternionRotatesLikeTheQuaternion() {
        propertyCheck(count: 500) { random, index in
            let q = random.rotation(), v = random.vector()
            #expect(close(q.rotationMatrix * v, q.rotate(v), tolerance: 1e-12), "case \(index)")
        }
    }

    @Test func matrixOfUnitQuaternionIsProperOrthonormal() {
        propertyCheck(count: 500) { random, index in
            let m = random.rotation().rotationMatrix
            #expect(m.orthonormalityError < 1e-14, "case \(index)")
            #expect(close(m.determinant, 1, tolerance: 1e-14), "case \(index)")
        }
    }

    @Test func quaternionMatrixRoundTrip() {
        propertyCheck(count: 2000) { random, index in
            let q = random.rotation()
            let back = Quaternion(rotationMatrix: q.rotationMatrix)
            #expect(close(back, q.canonical, tolerance: 1e-13), "case \(index)")
        }
    }

    /// Shepperd's method must not lose accuracy where the trace is −1 (half turns), the case a
    /// naive w = √(1 + trace)/2 formula gets wrong.
    @Test func halfTurnsRoundTrip() {
        for axis in [Vector3.unitX, .unitY, .unitZ, Vector3(1, 1, 0), Vector3(1, -2, 3)] {
            let q = Quaternion(axis: axis, angle: .pi)
            let back = Quaternion(rotationMatrix: q.rotationMatrix)
            #expect(back.isSameRotation(as: q, tolerance: 1e-12), "axis \(axis)")
        }
    }

    @Test func homomorphism() {
        propertyCheck(count: 300) { random, index in
            let a = random.rotation(), b = random.rotation()
            #expect(close((a * b).rotationMatrix, a.rotationMatrix * b.rotationMatrix, tolerance: 1e-13), "case \(index)")
        }
    }

    /// Thesis eq. 4.8–4.10, written out element by element.
    @Test func diebelCoordinateRotations() {
        let a = 0.7, c = cos(a), s = sin(a)
        #expect(
            close(
                RotationMatrix.coordinateRotation(about: .x, angle: a),
                RotationMatrix(rows: Vector3(1, 0, 0), Vector3(0, c, s), Vector3(0, -s, c))))
        #expect(
            close(
                RotationMatrix.coordinateRotation(about: .y, angle: a),
                RotationMatrix(rows: Vector3(c, 0, -s), Vector3(0, 1, 0), Vector3(s, 0, c))))
        #expect(
            close(
                RotationMatrix.coordinateRotation(about: .z, angle: a),
                RotationMatrix(rows: Vector3(c, s, 0), Vector3(-s, c, 0), Vector3(0, 0, 1))))
    }

    /// Diebel's matrices are passive: the transpose of the active rotation by the same angle,
    /// which is the quaternion's matrix.
    @Test func coordinateRotationIsTransposeOfActiveRotation() {
        for axis in Axis.allCases {
            let passive = RotationMatrix.coordinateRotation(about: axis, angle: 0.4)
            let active = Quaternion(about: axis, angle: 0.4).rotationMatrix
            #expect(close(passive, active.transposed, tolerance: 1e-15))
            #expect(close(RotationMatrix.rotation(about: axis, angle: 0.4), active, tolerance: 1e-15))
        }
    }

    @Test func columnsAreBodyAxesInWorldFrame() {
        let q = Quaternion(about: .z, angle: .pi / 2)
        let m = q.rotationMatrix
        #expect(close(m.column(0), .unitY, tolerance: 1e-15))
        #expect(close(m.column(1), -.unitX, tolerance: 1e-15))
        #expect(close(m.column(2), .unitZ, tolerance: 1e-15))
        #expect(close(RotationMatrix(columns: m.column(0), m.column(1), m.column(2)), m))
    }
}

@Suite struct Matrix3Tests {
    @Test func inverseOfGeneralMatrix() {
        let m = Matrix3(rowMajor: [2, 1, 0, 0, 3, 1, 1, 0, 4])
        #expect(m.determinant == 25)
        let product = m * m.inverse!
        #expect(close(product, .identity, tolerance: 1e-15))
        #expect(Matrix3(rowMajor: [1, 2, 3, 2, 4, 6, 0, 0, 1]).inverse == nil)
    }

    @Test func rowMajorRoundTrip() {
        let elements: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        #expect(Matrix3(rowMajor: elements).rowMajor == elements)
        #expect(Matrix3(rowMajor: elements)[1, 2] == 6)
    }

    @Test func inverseOfRotationIsTranspose() {
        propertyCheck(count: 200) { random, index in
            let m = random.rotation().rotationMatrix
            #expect(close(m.inverse!, m.transposed, tolerance: 1e-13), "case \(index)")
        }
    }
}
