import Foundation

/// The checks HealthKit makes on every metadata dictionary (of objects and of workout events).
package enum MetadataValidation {
    /// Validates value classes (and, for the keys HealthKit defines, the class each key expects), the sync
    /// identifier/version pair and the insulin delivery reason.
    ///
    /// - Parameter kinds: the value kind of each known key, by its stored string (the metadata key catalog).
    package static func validate(
        _ metadata: [String: Any]?, kinds: [String: MetadataValueKind] = MetadataKeyCatalog.valueKinds
    ) throws(HKError) {
        guard let metadata else { return }
        // The error names the first invalid key in key order, whatever the dictionary's order (without sorting
        // every dictionary: imports validate a quarter of a million of them).
        var firstInvalid: (key: String, error: HKError)?
        for (key, value) in metadata {
            do throws(HKError) {
                try validateValue(value, forKey: key, kinds: kinds)
            } catch {
                if firstInvalid.map({ key < $0.key }) ?? true { firstInvalid = (key, error) }
            }
        }
        if let firstInvalid { throw firstInvalid.error }
        try validateSync(metadata)
        try validateInsulinDeliveryReason(metadata)
    }

    private static func validateValue(_ value: Any, forKey key: String, kinds: [String: MetadataValueKind])
        throws(HKError)
    {
        guard let valueClass = MetadataValueClass(of: value) else {
            throw .invalidArgument(
                "Invalid class \(type(of: value)) for metadata key: \(key). "
                    + "Metadata values must be NSString, NSNumber, NSDate or HKQuantity."
            )
        }
        if let kind = kinds[key] {
            let expected = MetadataValueClass(expectedFor: kind)
            guard valueClass == expected else {
                throw .invalidArgument(
                    "Invalid class \(type(of: value)) for metadata key: \(key). Expected \(expected.name).")
            }
        }
        try validateMagnitude(of: value, forKey: key)
    }

    /// The largest magnitude of a metadata number: beyond any count, identifier or version an app keeps as a
    /// number, and within `Int64`'s range, so a sync version is an integer the store holds exactly.
    package static let maximumNumber = 1e18

    /// A number is at most ``maximumNumber`` in magnitude, a quantity's value at most
    /// ``QuantityValidation/maximumMagnitude`` in its unit (as a sample's quantity), neither of them NaN.
    private static func validateMagnitude(of value: Any, forKey key: String) throws(HKError) {
        if let quantity = value as? HKQuantity {
            guard abs(quantity.value) <= QuantityValidation.maximumMagnitude else {
                throw .invalidArgument(
                    "Metadata key \(key) holds \(quantity): a metadata quantity's magnitude is at most 1e15 in its unit"
                )
            }
        } else if let number = MetadataValueClass.number(in: value), !(abs(number) <= maximumNumber) {
            throw .invalidArgument(
                "Metadata key \(key) holds \(number): a metadata number's magnitude is at most \(maximumNumber)")
        }
    }

    /// A sync identifier (a non-empty string) and a sync version (a number ≥ 0) come together or not at all.
    private static func validateSync(_ metadata: [String: Any]) throws(HKError) {
        let identifier = metadata[HKMetadataKeySyncIdentifier]
        let version = metadata[HKMetadataKeySyncVersion]
        if let identifier {
            guard let text = identifier as? String, !text.isEmpty else {
                throw .invalidArgument("\(HKMetadataKeySyncIdentifier) must contain at least one character")
            }
            guard version != nil else {
                throw .invalidArgument(
                    "\(HKMetadataKeySyncVersion) must be provided if \(HKMetadataKeySyncIdentifier) is provided in the metadata"
                )
            }
        }
        if let version {
            guard identifier != nil else {
                throw .invalidArgument(
                    "\(HKMetadataKeySyncVersion) may not be provided if \(HKMetadataKeySyncIdentifier) is not provided in the metadata"
                )
            }
            guard let number = MetadataValueClass.number(in: version), number >= 0 else {
                throw .invalidArgument("\(HKMetadataKeySyncVersion) must be greater than or equal to 0")
            }
        }
    }

    private static func validateInsulinDeliveryReason(_ metadata: [String: Any]) throws(HKError) {
        guard let value = metadata[HKMetadataKeyInsulinDeliveryReason] else { return }
        let reason = MetadataValueClass.number(in: value).flatMap { Int(exactly: $0) }.flatMap(
            HKInsulinDeliveryReason.init(rawValue:))
        guard reason != nil else {
            throw .invalidArgument("Invalid metadata value for \(HKMetadataKeyInsulinDeliveryReason): \(value)")
        }
    }
}
