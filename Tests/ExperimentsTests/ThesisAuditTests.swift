import Runs
import Experiments
import Foundation
import TestSupport
import Testing

@Suite struct ThesisAuditTests {
    let audit: ThesisAudit

    init() throws {
        audit = ThesisAudit(data: try ThesisData.load(directory: Repository.scenarios + "/thesis"))
    }

    /// P1, P2 and P4 reproduce from Table 6.1 within its rounding; P3 does not.
    @Test func distancesThatReproduce() {
        #expect(audit.distances.count == 16)
        #expect(audit.distances.filter(\.agrees).count == 12)
        #expect(audit.distances.filter { !$0.agrees }.allSatisfy { $0.keypoint == "P3" })
        let p1 = audit.distances.first { $0.image == "IMG_3420" && $0.keypoint == "P1" }!
        // √((32.57 − 31.51)² + (59.28 − 60.74)²) = √(1.1236 + 2.1316)
        #expect(abs(p1.recomputed - (1.1236 + 2.1316).squareRoot()) < 1e-12)
        #expect(audit.investigations.map(\.keypoint) == ["P3"])
    }

    /// σ is the mean absolute deviation of the rounded Table 6.2 cells; every Table 6.3 cell
    /// reproduces either from Table 6.1 or from the published Table 6.2.
    @Test func statisticsThatReproduce() throws {
        #expect(audit.sigmaCandidates.filter(\.matchesAll).map(\.name) == ["mean absolute deviation Σ|d−d̄|/n"])
        #expect(audit.statistics.count == 10)
        #expect(audit.statistics.allSatisfy { $0.agreesFromTable61 || $0.agreesFromPublished62 })
        let overallMean = try #require(audit.statistics.first { $0.row == "overall" && $0.statistic == .mean })
        #expect(abs(overallMean.fromTable61 - 2.13) < 0.005)
        #expect(abs(overallMean.fromPublished62 - 7.36) < 0.005)
        #expect(!overallMean.agreesFromTable61)
    }
}
