import Foundation
import OrbitMath
import Simulation

/// A flat-coloured convex quadrilateral of the scene, world frame.
public struct ScenePolygon: Sendable {
    public var corners: (Vector3, Vector3, Vector3, Vector3)
    /// Linear RGB 0…1.
    public var color: (r: Double, g: Double, b: Double)
    /// Outward normal for back-face culling; `nil` for ground marks seen from either side.
    public var normal: Vector3?

    public init(_ corners: (Vector3, Vector3, Vector3, Vector3), color: (r: Double, g: Double, b: Double), normal: Vector3? = nil) {
        self.corners = corners
        self.color = color
        self.normal = normal
    }
}

/// What the synthetic camera sees: a sky, a ground plane (z = 0) with a 1 m checker around the
/// object, and the object as a box (`ObjectSettings.center`/`size`) whose faces carry an 8 × 8
/// checker in a colour per face, so motion blur smears visible edges in every direction.
/// Drawn in order: sky, ground, ground checker, object faces (a convex box needs no sorting
/// once its back faces are culled).
public struct RenderScene: Sendable {
    public static let sky = (r: 0.62, g: 0.76, b: 0.92)
    public static let groundLight = (r: 0.55, g: 0.58, b: 0.50)
    public static let groundDark = (r: 0.36, g: 0.39, b: 0.33)

    /// The ground plane out to `groundExtent` m from the object centre (far beyond the horizon
    /// a few pixels away).
    public var ground: ScenePolygon
    /// Dark squares of the ground checker, within `checkerRadius` m of the object centre.
    public var groundMarks: [ScenePolygon]
    /// Face bases then their dark cells, face by face.
    public var objectPolygons: [ScenePolygon]
    public let object: ObjectSettings

    public init(object: ObjectSettings, checkerRadius: Double = 14, groundExtent: Double = 4000, cellsPerFace: Int = 8) {
        self.object = object
        let c = object.center
        ground = ScenePolygon(
            (
                Vector3(c.x - groundExtent, c.y - groundExtent, 0), Vector3(c.x + groundExtent, c.y - groundExtent, 0),
                Vector3(c.x + groundExtent, c.y + groundExtent, 0), Vector3(c.x - groundExtent, c.y + groundExtent, 0)
            ), color: Self.groundLight)
        var marks: [ScenePolygon] = []
        let reach = Int(checkerRadius.rounded(.up))
        let originX = c.x.rounded(.down), originY = c.y.rounded(.down)
        for i in -reach..<reach {
            for j in -reach..<reach where (i + j) & 1 == 0 {
                let x = originX + Double(i), y = originY + Double(j)
                guard hypot(x + 0.5 - c.x, y + 0.5 - c.y) <= checkerRadius else { continue }
                // 1 mm above the ground so its plane never wins over a mark by rounding.
                marks.append(
                    ScenePolygon(
                        (Vector3(x, y, 0.001), Vector3(x + 1, y, 0.001), Vector3(x + 1, y + 1, 0.001), Vector3(x, y + 1, 0.001)),
                        color: Self.groundDark))
            }
        }
        groundMarks = marks
        objectPolygons = Self.box(object, cells: max(1, cellsPerFace))
    }

    /// Colours of the six faces (+x, −x, +y, −y, +z, −z): light bases, cells at 35 %.
    static let faceColors: [(r: Double, g: Double, b: Double)] = [
        (0.85, 0.30, 0.25), (0.25, 0.45, 0.85), (0.90, 0.75, 0.20), (0.30, 0.70, 0.40), (0.85, 0.85, 0.85), (0.5, 0.5, 0.5),
    ]

    static func box(_ object: ObjectSettings, cells: Int) -> [ScenePolygon] {
        var polygons: [ScenePolygon] = []
        for (index, face) in object.boxFaces.enumerated() {
            let base = faceColors[index]
            polygons.append(
                ScenePolygon((face.point(-1, -1), face.point(1, -1), face.point(1, 1), face.point(-1, 1)), color: base, normal: face.normal))
            let dark = (r: base.r * 0.35, g: base.g * 0.35, b: base.b * 0.35)
            let step = 2 / Double(cells)
            // Lifted 1 mm off the face: the cells draw over their base.
            let lift = 0.001 * face.normal
            for i in 0..<cells {
                for j in 0..<cells where (i + j) & 1 == 0 {
                    let a = -1 + Double(i) * step, b = -1 + Double(j) * step
                    polygons.append(
                        ScenePolygon(
                            (
                                face.point(a, b) + lift, face.point(a + step, b) + lift, face.point(a + step, b + step) + lift,
                                face.point(a, b + step) + lift
                            ), color: dark, normal: face.normal))
                }
            }
        }
        return polygons
    }
}
