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
        switch name {
        case .complementary: return visitor.visit(CheckedFilter(ComplementaryFilter(settings: complementary)))
        case .mahony: return visitor.visit(CheckedFilter(MahonyFilter(settings: mahony)))
        case .madgwick: return visitor.visit(CheckedFilter(MadgwickFilter(settings: madgwick)))
        case .biasEstimating: return visitor.visit(CheckedFilter(BiasEstimatingFilter(settings: biasEstimating)))
        default:
            // A FilterName is only ever made for a built-in or registered name.
            guard let filter = FilterRegistry.make(name.rawValue, settings: self) else {
                preconditionFailure("filter '\(name)' has no factory")
            }
            return Self.visitChecked(filter, visitor)
        }
    }
}

extension FusionSettings {
    /// Opens the existential and wraps the concrete filter.
    @usableFromInline
    static func visitChecked<Filter: AttitudeFilter, Visitor: FilterVisitor>(_ filter: Filter, _ visitor: Visitor) -> Visitor.Result {
        visitor.visit(CheckedFilter(filter))
    }
}
