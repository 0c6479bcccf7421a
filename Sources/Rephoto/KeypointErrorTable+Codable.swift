/// Stores the distances only (the synthesized encoding of these keys); the per-key-point
/// statistics follow from them.
extension KeypointErrorTable {
    enum CodingKeys: String, CodingKey { case distances }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let distances = try container.decode([[Double]].self, forKey: .distances)
        guard Set(distances.map(\.count)).count <= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .distances, in: container, debugDescription: "rows differ in length")
        }
        self.init(distances: distances)
    }
}
