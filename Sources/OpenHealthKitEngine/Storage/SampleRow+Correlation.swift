import OpenHealthKitModel

extension SampleRow {
    /// Whether the row is a correlation (its type is an `HKCorrelationType`): the row other rows of a batch join as
    /// members.
    package var isCorrelation: Bool {
        HKObjectType.type(forRawIdentifier: typeIdentifier) is HKCorrelationType
    }
}
