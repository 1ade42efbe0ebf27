package import Foundation

/// The `NSPredicate` the `HKQuery.predicateFor...` methods return: it carries its condition as data for the store.
///
/// It is immutable, so copying returns the same object. NSCoding is not supported.
package final class HKQueryPredicate: NSPredicate {
    package let condition: PredicateCondition

    package init(_ condition: PredicateCondition) {
        self.condition = condition
        super.init(value: true)
    }

    /// The predicate for a condition a throwing builder makes, or HealthKit's exception for its error.
    package convenience init(_ build: () throws(HKError) -> PredicateCondition) {
        self.init(Result(catching: build).getOrRaise())
    }

    package required init?(coder: NSCoder) {
        return nil
    }

    package override func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    package override func isEqual(_ object: Any?) -> Bool {
        (object as? HKQueryPredicate)?.condition == condition
    }

    package override var hash: Int {
        condition.hashValue
    }

    package override var description: String {
        "\(condition)"
    }
}
