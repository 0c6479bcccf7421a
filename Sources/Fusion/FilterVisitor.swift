/// Work to do with a concrete filter type, so callers can pick the filter at run time while
/// the per-sample loop stays statically dispatched (no existential in the hot path).
public protocol FilterVisitor {
    associatedtype Result
    func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Result
}

extension FusionSettings {
    /// Calls `visitor` with a fresh filter named `name`, built from these settings, wrapped in
    /// a `CheckedFilter` so that every filter's output is checked before it is measured.
    ///
    /// Built-in filters are specialised at compile time: this is inlinable so that a visitor in
    /// another module gets a copy for each (otherwise its loop runs as unspecialised generic
    /// code, copying every value through witness tables). A registered filter is made by its
    /// factory and opened from its existential once, here: the visitor still runs generic code
    /// over the concrete type, with no per-sample dynamic dispatch beyond the protocol witness.
    @inlinable
    public func withFilter<Visitor: FilterVisitor>(_ name: FilterName, _ visitor: Visitor) -> Visitor.Result {
        var builtIn = BuiltInFilterMaker(name: name, settings: self, visitor: visitor)
        BuiltInFilters.visitAll(&builtIn)
        if let result = builtIn.result { return result }
        // A FilterName is only ever made for a built-in or registered name.
        guard let filter = FilterRegistry.make(name.rawValue, settings: self) else {
            preconditionFailure("filter '\(name)' has no factory")
        }
        return Self.visitChecked(filter, visitor)
    }

    /// Opens the existential and wraps the concrete filter.
    @usableFromInline
    static func visitChecked<Filter: AttitudeFilter, Visitor: FilterVisitor>(_ filter: Filter, _ visitor: Visitor) -> Visitor.Result {
        visitor.visit(CheckedFilter(filter))
    }
}

/// Makes the built-in filter `name` from `settings` and hands it to `visitor`.
@usableFromInline
struct BuiltInFilterMaker<Visitor: FilterVisitor>: BuiltInFilterVisitor {
    @usableFromInline let name: FilterName
    @usableFromInline let settings: FusionSettings
    @usableFromInline let visitor: Visitor
    @usableFromInline var result: Visitor.Result?

    @inlinable
    init(name: FilterName, settings: FusionSettings, visitor: Visitor) {
        self.name = name
        self.settings = settings
        self.visitor = visitor
    }

    @inlinable
    mutating func visit<Filter: BuiltInFilter>(_ filter: Filter.Type) {
        guard result == nil, Filter.name == name else { return }
        result = visitor.visit(CheckedFilter(Filter(settings: settings[Filter.self])))
    }
}
