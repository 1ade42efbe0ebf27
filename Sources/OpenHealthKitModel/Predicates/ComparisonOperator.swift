public import Foundation

/// `NSComparisonPredicate.Operator`, the operator type of HealthKit's comparison predicates.
///
/// The factories spell their parameter through this alias so that swift-corelibs-foundation's deprecation of
/// `NSComparisonPredicate` warns once, here, rather than at every signature. It is the same type: callers write
/// `.greaterThan` or `NSComparisonPredicate.Operator.greaterThan` exactly as with HealthKit.
public typealias _HKPredicateOperatorType = NSComparisonPredicate.Operator

/// The comparisons a HealthKit predicate can make. The raw value is the operator's symbol as healthd's predicates
/// spell it on the wire (`<`, `<=`, `>`, `>=`, `==`, `!=`); the SQLite storage writes it into SQL as it is (SQLite
/// accepts `==` and `!=`), another query language may need its own spelling.
package enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqualTo = "<="
    case greaterThan = ">"
    case greaterThanOrEqualTo = ">="
    case equalTo = "=="
    case notEqualTo = "!="

    /// The comparison for a predicate operator; operators that do not compare values (`like`, `in`, `between`, ...)
    /// are invalid arguments.
    package init(_ operatorType: _HKPredicateOperatorType) throws(HKError) {
        switch operatorType {
        case .lessThan: self = .lessThan
        case .lessThanOrEqualTo: self = .lessThanOrEqualTo
        case .greaterThan: self = .greaterThan
        case .greaterThanOrEqualTo: self = .greaterThanOrEqualTo
        case .equalTo: self = .equalTo
        case .notEqualTo: self = .notEqualTo
        default:
            throw HKError.invalidArgument(
                "unsupported predicate operator (raw value \(operatorType.rawValue)): use <, <=, >, >=, == or !=")
        }
    }
}
