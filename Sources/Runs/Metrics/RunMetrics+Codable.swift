/// A run's metrics as data (the jobs of a split `regress`): names and values, `nil` kept.
extension RunMetrics: Codable {
    private enum CodingKeys: String, CodingKey { case names, values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let names = try container.decode([String].self, forKey: .names), values = try container.decode([Double?].self, forKey: .values)
        guard names.count == values.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .values, in: container, debugDescription: "\(names.count) names but \(values.count) values")
        }
        self.init(names: names, values: values)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(names, forKey: .names)
        try container.encode(values, forKey: .values)
    }
}
