import Foundation

/// A rotation matrix: a `Matrix3` that is orthonormal with determinant +1. Built from an
/// attitude quaternion it maps body vectors to world vectors (the *active* matrix R(q),
/// columns = body axes in world coordinates).
///
/// Diebel (2006) and the thesis (eq. 4.6–4.11) use the transpose: their R maps world
/// coordinates into body coordinates. `diebel` converts between the two without ambiguity.
public typealias RotationMatrix = Matrix3

/// A general 3 × 3 matrix stored by rows (rotations, soft-iron and misalignment matrices).
public struct Matrix3: Hashable, Sendable, CustomStringConvertible {
    public var row0: Vector3
    public var row1: Vector3
    public var row2: Vector3

    @inlinable
    public init(rows row0: Vector3, _ row1: Vector3, _ row2: Vector3) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// A matrix whose columns are the given vectors.
    @inlinable
    public init(columns c0: Vector3, _ c1: Vector3, _ c2: Vector3) {
        self.init(rows: Vector3(c0.x, c1.x, c2.x), Vector3(c0.y, c1.y, c2.y), Vector3(c0.z, c1.z, c2.z))
    }

    @inlinable public static var identity: Matrix3 { Matrix3(rows: .unitX, .unitY, .unitZ) }

    /// A matrix from nine elements in row-major order.
    public init(rowMajor elements: [Double]) {
        precondition(elements.count == 9, "Matrix3 needs 9 elements")
        self.init(
            rows: Vector3(elements[0], elements[1], elements[2]),
            Vector3(elements[3], elements[4], elements[5]),
            Vector3(elements[6], elements[7], elements[8]))
    }

    /// The nine elements in row-major order.
    public var rowMajor: [Double] { [row0.x, row0.y, row0.z, row1.x, row1.y, row1.z, row2.x, row2.y, row2.z] }

    /// The inverse, or `nil` when the matrix is singular (|det| below 1e-300) or not finite.
    public var inverse: Matrix3? {
        let det = determinant
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        // Rows of the inverse are cross products of the columns, divided by det.
        let c0 = column(0), c1 = column(1), c2 = column(2)
        return Matrix3(rows: c1.cross(c2) / det, c2.cross(c0) / det, c0.cross(c1) / det)
    }

    /// Element (row, column), zero-based.
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        switch row {
        case 0: return row0[column]
        case 1: return row1[column]
        case 2: return row2[column]
        default: preconditionFailure("Matrix3 row \(row) out of 0...2")
        }
    }

    /// Element addressed by Diebel's 1-based axis numbers, r_{ij}.
    @inlinable
    public subscript(row: Axis, column: Axis) -> Double { self[row.index, column.index] }

    @inlinable public func column(_ index: Int) -> Vector3 { Vector3(row0[index], row1[index], row2[index]) }

    @inlinable
    public var transposed: Matrix3 { Matrix3(columns: row0, row1, row2) }

    @inlinable
    public var determinant: Double { row0.dot(row1.cross(row2)) }

    @inlinable
    public static func * (matrix: Matrix3, vector: Vector3) -> Vector3 {
        Vector3(matrix.row0.dot(vector), matrix.row1.dot(vector), matrix.row2.dot(vector))
    }

    @inlinable
    public static func * (lhs: Matrix3, rhs: Matrix3) -> Matrix3 {
        let c0 = rhs.column(0), c1 = rhs.column(1), c2 = rhs.column(2)
        return Matrix3(
            rows: Vector3(lhs.row0.dot(c0), lhs.row0.dot(c1), lhs.row0.dot(c2)),
            Vector3(lhs.row1.dot(c0), lhs.row1.dot(c1), lhs.row1.dot(c2)),
            Vector3(lhs.row2.dot(c0), lhs.row2.dot(c1), lhs.row2.dot(c2))
        )
    }

    /// Largest absolute element of RᵀR − I: how far the matrix is from orthonormal.
    public var orthonormalityError: Double {
        let product = transposed * self
        var worst = 0.0
        for row in 0..<3 {
            for column in 0..<3 {
                worst = max(worst, abs(product[row, column] - (row == column ? 1 : 0)))
            }
        }
        return worst
    }

    /// The active rotation by `angle` about a coordinate axis (rotates vectors counter-clockwise
    /// looking down the axis).
    @inlinable
    public static func rotation(about axis: Axis, angle: Double) -> RotationMatrix {
        coordinateRotation(about: axis, angle: angle).transposed
    }

    /// Diebel's coordinate rotation R_i(α), thesis eq. 4.8–4.10: the *passive* rotation that
    /// re-expresses a vector in a frame turned by α about the axis (the transpose of
    /// `rotation(about:angle:)`).
    @inlinable
    public static func coordinateRotation(about axis: Axis, angle: Double) -> RotationMatrix {
        let c = cos(angle), s = sin(angle)
        switch axis {
        case .x: return RotationMatrix(rows: Vector3(1, 0, 0), Vector3(0, c, s), Vector3(0, -s, c))
        case .y: return RotationMatrix(rows: Vector3(c, 0, -s), Vector3(0, 1, 0), Vector3(s, 0, c))
        case .z: return RotationMatrix(rows: Vector3(c, s, 0), Vector3(-s, c, 0), Vector3(0, 0, 1))
        }
    }

    /// The matrix in Diebel's (world → body) convention for an active (body → world) matrix,
    /// and back: both directions are the transpose.
    @inlinable public var diebel: Matrix3 { transposed }

    public var description: String { "[\(row0); \(row1); \(row2)]" }
}

extension Quaternion {
    /// The active rotation matrix R(q) (body → world for an attitude). Assumes ‖q‖ = 1.
    @inlinable
    public var rotationMatrix: RotationMatrix {
        let ww = w * w, xx = x * x, yy = y * y, zz = z * z
        let xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z
        return RotationMatrix(
            rows: Vector3(ww + xx - yy - zz, 2 * (xy - wz), 2 * (xz + wy)),
            Vector3(2 * (xy + wz), ww - xx + yy - zz, 2 * (yz - wx)),
            Vector3(2 * (xz - wy), 2 * (yz + wx), ww - xx - yy + zz)
        )
    }

    /// The unit quaternion of an active rotation matrix, with w ≥ 0. Uses Shepperd's choice of
    /// the largest diagonal combination, so it is accurate for every rotation including 180°.
    /// The matrix should be orthonormal; small deviations are tolerated (the result is
    /// normalised).
    @inlinable
    public init(rotationMatrix m: RotationMatrix) {
        let trace = m[0, 0] + m[1, 1] + m[2, 2]
        var q: Quaternion
        if trace >= m[0, 0] && trace >= m[1, 1] && trace >= m[2, 2] {
            let s = 2 * (1 + trace).squareRoot(), r = 1 / s
            q = Quaternion(w: s / 4, x: (m[2, 1] - m[1, 2]) * r, y: (m[0, 2] - m[2, 0]) * r, z: (m[1, 0] - m[0, 1]) * r)
        } else if m[0, 0] >= m[1, 1] && m[0, 0] >= m[2, 2] {
            let s = 2 * (1 + m[0, 0] - m[1, 1] - m[2, 2]).squareRoot(), r = 1 / s
            q = Quaternion(w: (m[2, 1] - m[1, 2]) * r, x: s / 4, y: (m[0, 1] + m[1, 0]) * r, z: (m[0, 2] + m[2, 0]) * r)
        } else if m[1, 1] >= m[2, 2] {
            let s = 2 * (1 - m[0, 0] + m[1, 1] - m[2, 2]).squareRoot(), r = 1 / s
            q = Quaternion(w: (m[0, 2] - m[2, 0]) * r, x: (m[0, 1] + m[1, 0]) * r, y: s / 4, z: (m[1, 2] + m[2, 1]) * r)
        } else {
            let s = 2 * (1 - m[0, 0] - m[1, 1] + m[2, 2]).squareRoot(), r = 1 / s
            q = Quaternion(w: (m[1, 0] - m[0, 1]) * r, x: (m[0, 2] + m[2, 0]) * r, y: (m[1, 2] + m[2, 1]) * r, z: s / 4)
        }
        q = q.canonical
        self = q.normalized ?? .identity
    }

    /// The unit quaternion of an orthonormal matrix (orthonormal to rounding, e.g. built from
    /// unit vectors), without the normalisation `init(rotationMatrix:)` adds. Sign as Shepperd's
    /// method gives it (not necessarily w ≥ 0).
    @inlinable
    public init(orthonormalMatrix m: RotationMatrix) {
        let trace = m[0, 0] + m[1, 1] + m[2, 2]
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot(), r = 1 / s
            self.init(w: s / 4, x: (m[2, 1] - m[1, 2]) * r, y: (m[0, 2] - m[2, 0]) * r, z: (m[1, 0] - m[0, 1]) * r)
        } else {
            self.init(rotationMatrix: m)
        }
    }
}
