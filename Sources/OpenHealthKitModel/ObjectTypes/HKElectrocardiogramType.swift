import Foundation

/// The type of electrocardiograms (``HKElectrocardiogram``), `"HKDataTypeIdentifierElectrocardiogram"`.
///
/// Electrocardiograms are read-only, as in HealthKit: apps may ask to read them, never to share them (asking raises
/// "Authorization to share the following types is disallowed"). They come into the store from a Health export.
public final class HKElectrocardiogramType: HKSampleType, @unchecked Sendable {
    static let shared = HKElectrocardiogramType(identifier: HKElectrocardiogramTypeIdentifier, isShareable: false)
}

/// The raw identifier of ``HKElectrocardiogramType`` (HealthKit has no public constant for it).
package let HKElectrocardiogramTypeIdentifier = "HKDataTypeIdentifierElectrocardiogram"
