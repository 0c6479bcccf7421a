/// The name of an attitude filter: one of the built-in filters or one registered with
/// `FilterRegistry`. Only known names can be made, so a typo in a scenario or on the command
/// line is caught where it is written (the error lists `allCases`).
public struct FilterName: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    /// `nil` unless `rawValue` is a built-in or registered filter.
    public init?(rawValue: String) {
        guard Self.builtIn.contains(where: { $0.rawValue == rawValue }) || FilterRegistry.isRegistered(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A built-in name (each filter's file declares its own) or a registered one.
    init(builtIn name: String) { rawValue = name }

    /// The filters this package provides (`BuiltInFilters.visitAll`).
    public static let builtIn: [FilterName] = {
        struct Names: BuiltInFilterVisitor {
            var names: [FilterName] = []
            mutating func visit<Filter: BuiltInFilter>(_ filter: Filter.Type) { names.append(Filter.name) }
        }
        var names = Names()
        BuiltInFilters.visitAll(&names)
        return names.names
    }()

    /// Built-in filters, then the registered ones in registration order.
    public static var allCases: [FilterName] { builtIn + FilterRegistry.names.map(FilterName.init(builtIn:)) }

    public var isBuiltIn: Bool { Self.builtIn.contains(self) }

    public var description: String { rawValue }
}
