/// The name of a frame-selection implementation: the built-in OuterCircle session or one
/// registered with `SelectorRegistry`. Only known names can be made.
public struct SelectorName: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    /// `nil` unless `rawValue` is the built-in or a registered selector.
    public init?(rawValue: String) {
        guard rawValue == Self.outerCircle.rawValue || SelectorRegistry.isRegistered(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(known name: String) { rawValue = name }

    /// `OuterCircleSelector`: the seed's 4D quality distance, threshold and slot replacement.
    public static let outerCircle = SelectorName(known: "outer-circle")

    /// The built-in selector, then the registered ones in registration order.
    public static var allCases: [SelectorName] { [.outerCircle] + SelectorRegistry.names.map(SelectorName.init(known:)) }

    public var description: String { rawValue }
}
