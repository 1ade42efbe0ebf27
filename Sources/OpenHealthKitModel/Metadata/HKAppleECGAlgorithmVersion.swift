/// The version of the algorithm the ECG app on Apple Watch used (``HKMetadataKeyAppleECGAlgorithmVersion``).
public enum HKAppleECGAlgorithmVersion: Int, Sendable, CaseIterable {
    /// The first version of the algorithm.
    case version1 = 1
    /// iOS 14.3.
    case version2 = 2
}
