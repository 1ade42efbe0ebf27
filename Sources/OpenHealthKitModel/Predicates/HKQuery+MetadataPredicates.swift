public import Foundation

extension HKQuery {
    /// A predicate that matches objects whose metadata contains `key`.
    public class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
        HKQueryPredicate(.metadataKeyExists(key))
    }

    /// A predicate that matches objects whose metadata value for `key` equals one of `allowedValues`.
    ///
    /// The values must be strings, numbers (`NSNumber` or Swift numbers) or dates, as in HealthKit, or quantities
    /// (metadata can hold them, so OpenHealthKit accepts them too); any other value raises `NSInvalidArgumentException`.
    public class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any]) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .metadataAllowedValues(key: key, allowedValues: try allowedValues.map(MetadataValue.init))
        }
    }

    /// A predicate that matches objects whose metadata value for `key` compares with `value` as `operatorType` says.
    ///
    /// `operatorType` must be `.lessThan`, `.lessThanOrEqualTo`, `.greaterThan`, `.greaterThanOrEqualTo`, `.equalTo` or
    /// `.notEqualTo`, and `value` a string, number, date or quantity; anything else raises `NSInvalidArgumentException`.
    public class func predicateForObjects(
        withMetadataKey key: String, operatorType: _HKPredicateOperatorType, value: Any
    ) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .metadataComparison(
                key: key, comparison: try ComparisonOperator(operatorType), value: try MetadataValue(value))
        }
    }
}
