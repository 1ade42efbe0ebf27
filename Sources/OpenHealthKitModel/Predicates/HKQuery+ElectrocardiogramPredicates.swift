public import Foundation

extension HKQuery {
    /// A predicate that matches electrocardiograms of this classification.
    public class func predicateForElectrocardiograms(classification: HKElectrocardiogram.Classification)
        -> NSPredicate
    {
        HKQueryPredicate(.electrocardiogramClassification(classification.rawValue))
    }

    /// A predicate that matches electrocardiograms with this symptoms status.
    public class func predicateForElectrocardiograms(symptomsStatus: HKElectrocardiogram.SymptomsStatus)
        -> NSPredicate
    {
        HKQueryPredicate(.electrocardiogramSymptomsStatus(symptomsStatus.rawValue))
    }

    /// A predicate that matches the samples associated with `electrocardiogram`: the symptoms the user reported with
    /// it (category samples such as `skippedHeartbeat`).
    public class func predicateForObjectsAssociated(electrocardiogram: HKElectrocardiogram) -> NSPredicate {
        HKQueryPredicate(.associatedWithElectrocardiogram(electrocardiogram.uuid))
    }
}
