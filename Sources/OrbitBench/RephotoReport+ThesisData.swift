import Experiments
import Reports
import Rephoto

extension RephotoReport.ThesisReference {
    /// The thesis's four measured rephotographs against its reference (Table 6.1). Here, where
    /// `Reports` (the reference) and `Experiments` (the thesis data) meet, since neither imports
    /// the other.
    public init(data: ThesisData) {
        self.init(keypoints: data.keypoints, table: KeypointErrorTable(reference: data.reference, rephotographs: data.rephotographs))
    }
}
