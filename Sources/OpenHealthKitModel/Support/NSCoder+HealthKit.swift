package import Foundation

/// The archiving helpers of HealthKit's `NSSecureCoding` classes (see
/// docs/decisions/0007-healthkit-classes-archive-with-nssecurecoding.md).
///
/// Every class archives its own fields under its own keys and unarchives them with `decodeObject(of:forKey:)`, so a
/// secure unarchiver only ever instantiates the classes a field allows. An optional field that is nil is left out of
/// the archive, and every decoder here checks that a key is there first: swift-corelibs-foundation treats decoding a
/// missing key as a corrupt archive. A required field that is missing or of the wrong kind makes the object's
/// `init?(coder:)` answer nil, which the unarchiver reports as an error.
extension NSCoder {
    /// The classes a metadata dictionary may hold: HealthKit allows strings, numbers, dates and quantities.
    package static let metadataClasses: [AnyClass] = [
        NSDictionary.self, NSString.self, NSNumber.self, NSDate.self, HKQuantity.self,
    ]

    /// The secure object of `type` under `key`; nil when absent or of another class.
    package func decodeIfPresent<T: NSObject & NSCoding>(_ type: T.Type, forKey key: String) -> T? {
        containsValue(forKey: key) ? decodeObject(of: type, forKey: key) : nil
    }

    /// Archives an object; nothing for nil (``decodeIfPresent(_:forKey:)`` then answers nil).
    package func encodeIfPresent(_ object: (some NSObject & NSCoding)?, forKey key: String) {
        guard let object else { return }
        encode(object, forKey: key)
    }

    /// Archives a string; nothing for nil.
    package func encodeString(_ string: String?, forKey key: String) {
        guard let string else { return }
        encode(string as NSString, forKey: key)
    }

    /// The string under `key`; nil when absent or not a string.
    package func decodeString(forKey key: String) -> String? {
        decodeIfPresent(NSString.self, forKey: key).map { $0 as String }
    }

    /// Archives a date; nothing for nil.
    package func encodeDate(_ date: Date?, forKey key: String) {
        guard let date else { return }
        encode(date as NSDate, forKey: key)
    }

    /// The date under `key`; nil when absent or not a date.
    package func decodeDate(forKey key: String) -> Date? {
        decodeIfPresent(NSDate.self, forKey: key).map { $0 as Date }
    }

    /// Archives a UUID as its string.
    package func encodeUUID(_ uuid: UUID, forKey key: String) {
        encode(uuid.uuidString as NSString, forKey: key)
    }

    /// The UUID under `key`; nil when absent or not a UUID string.
    package func decodeUUID(forKey key: String) -> UUID? {
        decodeString(forKey: key).flatMap(UUID.init(uuidString:))
    }

    /// Archives an optional number; nothing for nil (``decodeOptionalDouble(forKey:)`` then answers nil).
    package func encodeOptionalDouble(_ value: Double?, forKey key: String) {
        guard let value else { return }
        encode(value, forKey: key)
    }

    /// The number under `key`, or nil when none was archived.
    package func decodeOptionalDouble(forKey key: String) -> Double? {
        containsValue(forKey: key) ? decodeDouble(forKey: key) : nil
    }

    /// The enumeration case archived as its raw value under `key`; nil when absent or not a case.
    package func decodeEnum<Value: RawRepresentable>(_ type: Value.Type, forKey key: String) -> Value?
    where Value.RawValue == Int {
        containsValue(forKey: key) ? Value(rawValue: decodeInteger(forKey: key)) : nil
    }

    /// Archives metadata (strings, numbers, dates, quantities); nothing for nil.
    package func encodeMetadata(_ metadata: [String: Any]?, forKey key: String) {
        guard let metadata else { return }
        encode(NSDictionary(dictionary: metadata), forKey: key)
    }

    /// The metadata under `key`: nil when none was archived; `.failure` when what is there is not metadata.
    package func decodeMetadata(forKey key: String) -> Result<[String: Any]?, CocoaError> {
        guard containsValue(forKey: key) else { return .success(nil) }
        guard let metadata = decodeObject(of: Self.metadataClasses, forKey: key) as? [String: Any] else {
            return .failure(CocoaError(.coderReadCorrupt))
        }
        return .success(metadata)
    }

    /// Archives enumeration cases as an array of their raw values.
    package func encodeEnums<Value: RawRepresentable>(_ values: [Value], forKey key: String)
    where Value.RawValue == Int {
        encode(values.map { NSNumber(value: $0.rawValue) } as NSArray, forKey: key)
    }

    /// The enumeration cases archived under `key`, in order; nil when absent or when one is not a case.
    package func decodeEnums<Value: RawRepresentable>(_ type: Value.Type, forKey key: String) -> [Value]?
    where Value.RawValue == Int {
        guard containsValue(forKey: key),
            let numbers = decodeObject(of: [NSArray.self, NSNumber.self], forKey: key) as? [NSNumber]
        else {
            return nil
        }
        let values = numbers.compactMap { Value(rawValue: $0.intValue) }
        return values.count == numbers.count ? values : nil
    }

    /// The secure objects of `type` archived as an array under `key`; nil when absent or of another class.
    package func decodeArray<Element: NSObject & NSSecureCoding>(of type: Element.Type, forKey key: String)
        -> [Element]?
    {
        containsValue(forKey: key) ? decodeObject(of: [NSArray.self, type], forKey: key) as? [Element] : nil
    }

    /// Archives statistics by quantity type (a workout's or an activity's) as an array, in identifier order.
    package func encodeStatistics(_ statistics: [HKQuantityType: HKStatistics], forKey key: String) {
        let ordered = statistics.values.sorted { $0.quantityType.identifier < $1.quantityType.identifier }
        encode(ordered as NSArray, forKey: key)
    }

    /// The statistics archived under `key`, by quantity type; nil when absent or not statistics.
    package func decodeStatistics(forKey key: String) -> [HKQuantityType: HKStatistics]? {
        decodeArray(of: HKStatistics.self, forKey: key).map { list in
            Dictionary(list.map { ($0.quantityType, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
