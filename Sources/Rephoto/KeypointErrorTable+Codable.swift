/// Stores the distances only; the per-key-point statistics follow from them.
extension KeypointErrorTable: Codable {
    private enum CodingKeys: String, CodingKey { case distances }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let distances = try container.decode([[Double]].self, forKey: .distances)
        guard Set(distances.map(\.count)).count <= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .distances, in: container, debugDescription: "rows differ in length")
        }
        self.init(distances: distances)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(distances, forKey: .distances)
    }
}
