/// A run's metrics as data (the jobs of a split `regress`): names and values, `nil` kept; the
/// encoding is the synthesized one, the decoding checks that they pair up.
extension RunMetrics {
    enum CodingKeys: String, CodingKey { case names, values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let names = try container.decode([String].self, forKey: .names), values = try container.decode([Double?].self, forKey: .values)
        guard names.count == values.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .values, in: container, debugDescription: "\(names.count) names but \(values.count) values")
        }
        self.init(names: names, values: values)
    }
}
