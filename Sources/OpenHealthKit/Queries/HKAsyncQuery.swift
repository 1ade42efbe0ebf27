/// A query descriptor that runs once with Swift concurrency and returns a snapshot of the matching results.
public protocol HKAsyncQuery {
    /// What running the query returns.
    associatedtype Output
    /// Runs the query on the store and returns its results.
    func result(for healthStore: HKHealthStore) async throws -> Output
}
