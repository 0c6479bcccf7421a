import ReportIO
import Rephoto

/// Tables 6.1–6.3 of the thesis as published (scenarios/thesis/).
public struct ThesisData: Sendable {
    /// Image names; the first is the reference photograph.
    public var images: [String]
    public var keypoints: [String]
    /// points[image][keypoint], Table 6.1.
    public var points: [[NormalizedPoint]]
    /// published62[image][keypoint] for the rephotographs (the reference row of zeros dropped).
    public var published62: [[Double]]
    /// Per key point (mean, σ) of Table 6.3.
    public var published63: [(mean: Double, sigma: Double)]
    public var publishedOverall: (mean: Double, sigma: Double)

    public var reference: [NormalizedPoint] { points[0] }
    public var rephotographs: [[NormalizedPoint]] { Array(points.dropFirst()) }

    public static func load(directory: String) throws(CSVError) -> ThesisData {
        let t61 = try CSVTable.load("\(directory)/table-6-1.csv")
        let (imageColumn, keyColumn, xColumn, yColumn) = (
            try t61.column("image"), try t61.column("keypoint"), try t61.column("x"), try t61.column("y")
        )
        var images: [String] = [], keypoints: [String] = []
        var byImage: [String: [String: NormalizedPoint]] = [:]
        for row in t61.rows {
            let image = row.fields[imageColumn], key = row.fields[keyColumn]
            if !images.contains(image) { images.append(image) }
            if !keypoints.contains(key) { keypoints.append(key) }
            let point = NormalizedPoint(x: try t61.number(row, xColumn), y: try t61.number(row, yColumn))
            guard (0...100).contains(point.x), (0...100).contains(point.y) else {
                throw CSVError(file: t61.file, line: row.line, message: "coordinates must lie in 0...100")
            }
            byImage[image, default: [:]][key] = point
        }
        // The audit compares rephotographs with the reference: it needs the reference and at
        // least two rephotographs (a spread), each with at least one key point.
        guard images.count >= 3, !keypoints.isEmpty else {
            throw CSVError(
                file: t61.file,
                message:
                    "needs the reference and at least two rephotographs with key points, found \(images.count) image\(images.count == 1 ? "" : "s") and \(keypoints.count) key point\(keypoints.count == 1 ? "" : "s")"
            )
        }
        var points: [[NormalizedPoint]] = []
        for image in images {
            var row: [NormalizedPoint] = []
            for key in keypoints {
                guard let point = byImage[image]?[key] else { throw CSVError(file: t61.file, message: "\(image) has no \(key)") }
                row.append(point)
            }
            points.append(row)
        }

        let t62 = try CSVTable.load("\(directory)/table-6-2-published.csv")
        let t62Image = try t62.column("image")
        var published62: [[Double]] = []
        for image in images.dropFirst() {
            guard let row = t62.rows.first(where: { $0.fields[t62Image] == image }) else {
                throw CSVError(file: t62.file, message: "no row for \(image)")
            }
            var values: [Double] = []
            for key in keypoints { values.append(try t62.number(row, try t62.column(key))) }
            published62.append(values)
        }

        let t63 = try CSVTable.load("\(directory)/table-6-3-published.csv")
        let (t63Key, t63Mean, t63Sigma) = (try t63.column("keypoint"), try t63.column("mean"), try t63.column("sigma"))
        var published63: [(Double, Double)] = []
        var overall: (Double, Double)?
        for row in t63.rows {
            let value = (try t63.number(row, t63Mean), try t63.number(row, t63Sigma))
            if row.fields[t63Key] == "overall" { overall = value } else { published63.append(value) }
        }
        guard published63.count == keypoints.count, let overall else {
            throw CSVError(file: t63.file, message: "needs one row per key point and an 'overall' row")
        }
        return ThesisData(
            images: images, keypoints: keypoints, points: points, published62: published62,
            published63: published63, publishedOverall: overall)
    }
}
