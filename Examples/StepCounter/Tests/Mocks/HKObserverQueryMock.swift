import Foundation
import HealthKit

/// An observer query test double as app test suites write one: it overrides both of Apple's designated
/// initializers and keeps the handler so that a test can call it.
class HKObserverQueryMock: HKObserverQuery {
    let updateHandler: (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, Error?) -> Void
    private(set) var queryDescriptors: [HKQueryDescriptor]?

    override init(
        queryDescriptors: [HKQueryDescriptor],
        updateHandler:
            @escaping (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, Error?) -> Void
    ) {
        self.updateHandler = {
            updateHandler($0, nil, $1, $2)
        }
        self.queryDescriptors = queryDescriptors
        super.init(queryDescriptors: queryDescriptors, updateHandler: updateHandler)
    }

    override init(
        sampleType: HKSampleType, predicate: NSPredicate?,
        updateHandler: @escaping (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, Error?) -> Void
    ) {
        self.updateHandler = updateHandler
        super.init(sampleType: sampleType, predicate: predicate, updateHandler: updateHandler)
    }
}
