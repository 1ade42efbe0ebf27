import Foundation

/// The type of audiograms (``HKAudiogramSample``), `"HKDataTypeIdentifierAudiogram"`: apps may read and share them.
public final class HKAudiogramSampleType: HKSampleType, @unchecked Sendable {
    static let shared = HKAudiogramSampleType(identifier: HKAudiogramTypeIdentifier, isShareable: true)
}

/// The raw identifier of ``HKAudiogramSampleType`` (HealthKit has no public constant for it).
package let HKAudiogramTypeIdentifier = "HKDataTypeIdentifierAudiogram"
