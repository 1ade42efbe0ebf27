public import Foundation

extension HKQuery {
    /// A predicate that matches quantity samples whose quantity compares with `quantity` as `operatorType` says
    /// (the sample's quantity on the left). The quantity's unit must suit the queried type.
    ///
    /// `operatorType` must be a comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`); others raise `NSInvalidArgumentException`.
    public class func predicateForQuantitySamples(
        with operatorType: _HKPredicateOperatorType, quantity: HKQuantity
    ) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .quantity(comparison: try ComparisonOperator(operatorType), quantity: quantity)
        }
    }
}
