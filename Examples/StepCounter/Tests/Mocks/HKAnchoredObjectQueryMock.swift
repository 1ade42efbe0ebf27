import Foundation
import HealthKit

/// An anchored object query test double: it overrides Apple's designated initializers and counts how the query
/// was made, keeping the anchor it was given.
class HKAnchoredObjectQueryMock: HKAnchoredObjectQuery {
    let anchor: HKQueryAnchor?
    let resultsHandler: (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?) -> Void

    override init(
        type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler:
            @escaping (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?) -> Void
    ) {
        self.anchor = anchor
        self.resultsHandler = handler
        super.init(type: type, predicate: predicate, anchor: anchor, limit: limit, resultsHandler: handler)
    }

    override init(
        queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler:
            @escaping (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?) -> Void
    ) {
        self.anchor = anchor
        self.resultsHandler = handler
        super.init(queryDescriptors: queryDescriptors, anchor: anchor, limit: limit, resultsHandler: handler)
    }
}
