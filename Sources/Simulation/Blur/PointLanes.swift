import OrbitMath

/// Four world points as SIMD lanes, m: the blur meter projects them together.
struct PointLanes {
    static let width = 4

    var x: SIMD4<Double>
    var y: SIMD4<Double>
    var z: SIMD4<Double>

    init(repeating point: Vector3) {
        x = SIMD4(repeating: point.x)
        y = SIMD4(repeating: point.y)
        z = SIMD4(repeating: point.z)
    }

    mutating func set(lane: Int, to point: Vector3) {
        x[lane] = point.x
        y[lane] = point.y
        z[lane] = point.z
    }

    func point(_ lane: Int) -> Vector3 { Vector3(x[lane], y[lane], z[lane]) }
}
