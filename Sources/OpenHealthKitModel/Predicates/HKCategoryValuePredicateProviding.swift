public import Foundation

/// Category value enumerations (`HKCategoryValueSleepAnalysis`, ...) that make predicates over their own values.
///
/// ```swift
/// let asleep = HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: .allAsleepValues)
/// ```
public protocol HKCategoryValuePredicateProviding: Hashable, RawRepresentable {}

extension HKCategoryValuePredicateProviding where RawValue == Int {
    /// A predicate that matches category samples whose value compares with `value` as `operatorType` says.
    public static func predicateForSamples(_ operatorType: _HKPredicateOperatorType, value: Self) -> NSPredicate {
        HKQuery.predicateForCategorySamples(with: operatorType, value: value.rawValue)
    }

    /// A predicate that matches category samples whose value is one of `values`.
    public static func predicateForSamples(equalTo values: Set<Self>) -> NSPredicate {
        HKQuery.predicateForCategorySamples(equalTo: Set(values.map(\.rawValue)))
    }
}
