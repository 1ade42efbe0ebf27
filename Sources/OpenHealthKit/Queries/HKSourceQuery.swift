public import Foundation
import OpenHealthKitEngine

/// A one-shot query for the apps and devices that saved samples of a type matching a predicate, among the samples
/// the app can read.
open class HKSourceQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    /// A query for the sources of the samples of `sampleType` matching `objectPredicate` (nil: every sample of the
    /// type); `completionHandler` gets them once, or an error.
    public init(
        sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
        completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void
    ) {
        self.completionHandler = completionHandler
        super.init(objectType: sampleType, predicate: objectPredicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        runOnce(on: queue, { [self] in Set(try backend.sources(of: requiredSampleType(), predicate: predicateTree())) })
        { [self] result in
            switch result {
            case .success(let sources): completionHandler(self, sources, nil)
            case .failure(let error): completionHandler(self, nil, error)
            }
        }
        return nil
    }
}
