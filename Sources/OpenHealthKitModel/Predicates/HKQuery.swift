public import Foundation

/// The abstract superclass of every query: the type of objects it looks for and an optional predicate that narrows them.
///
/// Build predicates with the class methods (`HKQuery.predicateForSamples(withStart:end:options:)` and the others)
/// and combine them with `NSCompoundPredicate`; other kinds of `NSPredicate` are rejected when the query runs.
/// The concrete queries (sample, anchored, statistics, ...) subclass this.
open class HKQuery: NSObject, @unchecked Sendable {
    /// The type of objects the query looks for, or nil for queries that span several types.
    public let objectType: HKObjectType?
    /// The predicate that objects must match, or nil to match every object of ``objectType``.
    public let predicate: NSPredicate?

    /// The query's type when it is a sample type (nil for a query of characteristics, activity summaries or several
    /// types): HealthKit's first property for it, now ``objectType``.
    @available(*, deprecated, message: "Use objectType")
    public var sampleType: HKSampleType? { objectType as? HKSampleType }

    /// Where the query is in its life: a query runs once, and `stop` ends it for good.
    package let lifecycle = Locked<HKQueryLifecycle>(.created)

    package init(objectType: HKObjectType?, predicate: NSPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
        super.init()
    }
}

/// The states of a query: created, running until stopped (with what stops its work), stopped.
package enum HKQueryLifecycle: Sendable {
    case created
    case running(stop: @Sendable () -> Void)
    case stopped

    package var isStopped: Bool {
        if case .stopped = self { return true }
        return false
    }
}
