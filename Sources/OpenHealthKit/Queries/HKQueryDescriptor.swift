public import Foundation
package import OpenHealthKitEngine

/// A sample type and an optional predicate: one part of a query that reads several types at once.
public final class HKQueryDescriptor: NSObject, @unchecked Sendable {
    /// The type of samples the descriptor matches.
    public let sampleType: HKSampleType
    /// The predicate samples must match; nil matches every sample of ``sampleType``.
    public let predicate: NSPredicate?

    /// A descriptor of the samples of `sampleType` matching `predicate` (nil: every sample of the type).
    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
        super.init()
    }

    /// The descriptor as the store reads it; a predicate not built by HKQuery's factories is an invalid argument.
    package func filter() throws -> SampleFilter {
        try SampleFilter(type: sampleType, nsPredicate: predicate)
    }

    /// Descriptors are equal when their types and predicates are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQueryDescriptor else { return false }
        return other.sampleType == sampleType && other.predicate == predicate
    }

    /// The type's hash.
    public override var hash: Int { sampleType.hash }
}

extension SampleFilter {
    /// A filter from HealthKit's type and predicate; a predicate not built by HKQuery's factories is an invalid argument.
    package init(type: HKSampleType, nsPredicate: NSPredicate?) throws {
        self.init(type: type, predicate: try nsPredicate.map { try PredicateCondition.tree(from: $0) })
    }
}
