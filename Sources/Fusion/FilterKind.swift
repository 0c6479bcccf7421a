/// The filters this package provides, by name.
public enum FilterKind: String, CaseIterable, Sendable {
    case complementary
    case mahony
    case madgwick
    case biasEstimating = "bias-estimating"
}

/// Settings for every filter plus which one to use: the fusion part of a scenario.
public struct FusionSettings: Sendable, Equatable {
    public var filter = FilterKind.biasEstimating
    public var referenceFrame = ReferenceFrame.xArbitraryCorrectedZVertical
    public var complementary = ComplementaryFilter.Settings.default
    public var mahony = MahonyFilter.Settings.default
    public var madgwick = MadgwickFilter.Settings.default
    public var biasEstimating = BiasEstimatingFilter.Settings.default

    public init() {}
}

/// Work to do with a concrete filter type, so callers can pick the filter at run time while
/// the per-sample loop stays statically dispatched (no existential in the hot path).
public protocol FilterVisitor {
    associatedtype Result
    func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Result
}

extension FusionSettings {
    /// Calls `visitor` with a fresh filter of `kind` built from these settings.
    public func withFilter<Visitor: FilterVisitor>(_ kind: FilterKind, _ visitor: Visitor) -> Visitor.Result {
        switch kind {
        case .complementary: return visitor.visit(ComplementaryFilter(settings: complementary))
        case .mahony: return visitor.visit(MahonyFilter(settings: mahony))
        case .madgwick: return visitor.visit(MadgwickFilter(settings: madgwick))
        case .biasEstimating: return visitor.visit(BiasEstimatingFilter(settings: biasEstimating))
        }
    }
}
