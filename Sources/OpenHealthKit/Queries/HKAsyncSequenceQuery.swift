/// A query descriptor whose results arrive as an asynchronous sequence (long-running queries keep adding to it).
public protocol HKAsyncSequenceQuery {
    /// The sequence of results the query delivers.
    associatedtype Sequence: AsyncSequence
    /// Starts the query on the store; it stops when the iterating task is cancelled or stops iterating.
    func results(for healthStore: HKHealthStore) -> Sequence
}
