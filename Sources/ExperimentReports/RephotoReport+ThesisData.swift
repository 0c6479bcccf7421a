import Experiments
import Reports
import Rephoto

extension RephotoReport.ThesisReference {
    /// The thesis's four measured rephotographs against its reference (Table 6.1). Here, not in
    /// `Reports`, because the thesis data belong to `Experiments`, which `Reports` does not import.
    public init(data: ThesisData) {
        self.init(keypoints: data.keypoints, table: KeypointErrorTable(reference: data.reference, rephotographs: data.rephotographs))
    }
}
