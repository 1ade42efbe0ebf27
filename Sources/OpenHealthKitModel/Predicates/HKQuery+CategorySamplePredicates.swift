public import Foundation

extension HKQuery {
    /// A predicate that matches category samples whose value compares with `value` as `operatorType` says.
    ///
    /// `operatorType` must be a comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`); others raise `NSInvalidArgumentException`.
    /// Swift code can also use ``HKCategoryValuePredicateProviding/predicateForSamples(_:value:)`` on the value enums.
    public class func predicateForCategorySamples(
        with operatorType: _HKPredicateOperatorType, value: Int
    ) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .categoryValue(comparison: try ComparisonOperator(operatorType), value: value)
        }
    }

    /// A predicate that matches category samples whose value is one of `values`.
    ///
    /// HealthKit exposes this to Swift only through ``HKCategoryValuePredicateProviding/predicateForSamples(equalTo:)``.
    package class func predicateForCategorySamples(equalTo values: Set<Int>) -> NSPredicate {
        HKQueryPredicate(.categoryValues(values))
    }
}
