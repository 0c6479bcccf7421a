import Simulation

/// How sharp a picture looks, from its pixels alone.
public enum ImageSharpness {
    /// Variance of the 4-neighbour Laplacian of the luma ((77 R + 150 G + 29 B) / 256) over
    /// the pixels of `region` one pixel in from its border, DN². Edges make it large; motion
    /// blur spreads them and shrinks it; noise adds a floor (2·σ²·(4²+4) for white noise of σ).
    /// `nil` for a region of fewer than 3 × 3 pixels.
    public static func laplacianVariance(_ image: RGBImage, region: PixelRegion) -> Double? {
        let x0 = max(1, region.minX), x1 = min(image.width - 2, region.maxX)
        let y0 = max(1, region.minY), y1 = min(image.height - 2, region.maxY)
        guard x1 - x0 >= 2, y1 - y0 >= 2 else { return nil }
        // Integer luma ×256 (77 R + 150 G + 29 B) over the region and its one-pixel border,
        // then the Laplacian's moments in exact integer sums.
        let planeWidth = x1 - x0 + 3, planeHeight = y1 - y0 + 3
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: planeWidth * planeHeight) { plane -> Double in
            image.pixels.withUnsafeBufferPointer { pixels in
                for row in 0..<planeHeight {
                    var source = ((y0 - 1 + row) * image.width + x0 - 1) * 3
                    let start = row * planeWidth
                    for column in 0..<planeWidth {
                        // Typed operands: the literals alone made this one expression take seconds to type-check.
                        let red = Int32(pixels[source]), green = Int32(pixels[source + 1]), blue = Int32(pixels[source + 2])
                        plane[start + column] = 77 &* red &+ 150 &* green &+ 29 &* blue
                        source += 3
                    }
                }
            }
            var sum: Int64 = 0, sumSquares: Int64 = 0
            for row in 1..<(planeHeight - 1) {
                let center = row * planeWidth
                for column in 1..<(planeWidth - 1) {
                    let index = center + column
                    let horizontal: Int32 = plane[index - 1] &+ plane[index + 1]
                    let vertical: Int32 = plane[index - planeWidth] &+ plane[index + planeWidth]
                    let laplacian = Int64(horizontal &+ vertical &- 4 &* plane[index])
                    sum &+= laplacian
                    sumSquares &+= laplacian &* laplacian
                }
            }
            let count = Double((planeWidth - 2) * (planeHeight - 2))
            let mean = Double(sum) / count
            return max(0, Double(sumSquares) / count - mean * mean) / 65536
        }
    }

    /// The picture region the object's box covers seen from `pose` (the bounding box of its
    /// projected corners, clipped to the picture), at an output `scale` of the camera's
    /// picture; `nil` when a corner is behind the camera or nothing is inside.
    public static func objectRegion(camera: PinholeCamera, object: ObjectSettings, pose: CameraPose, scale: Double, width: Int, height: Int)
        -> PixelRegion?
    {
        var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
        for corner in object.boxCorners {
            guard let pixel = camera.project(corner, position: pose.position, attitude: pose.attitude) else { return nil }
            minU = min(minU, pixel.u * scale)
            maxU = max(maxU, pixel.u * scale)
            minV = min(minV, pixel.v * scale)
            maxV = max(maxV, pixel.v * scale)
        }
        let region = PixelRegion(
            minX: max(0, Int(minU.rounded(.up))), minY: max(0, Int(minV.rounded(.up))), maxX: min(width - 1, Int(maxU.rounded(.down))),
            maxY: min(height - 1, Int(maxV.rounded(.down))))
        return region.maxX > region.minX && region.maxY > region.minY ? region : nil
    }
}

/// A rectangle of pixels, inclusive bounds.
public struct PixelRegion: Sendable, Equatable {
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}
