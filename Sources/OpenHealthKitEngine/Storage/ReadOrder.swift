/// Puts what a read found in its query's order, from the keys a storage gave its rows
/// (``Storage/forEachInReadOrder(_:_:)``).
package enum ReadOrder {
    /// The positions of `keys` in ascending key order; nil when they are in that order already (most reads: a store's
    /// samples are mostly saved in date order).
    package static func positions(sorting keys: [Int64]) -> [Int]? {
        zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) ? nil : keys.indices.sorted { keys[$0] < keys[$1] }
    }
}
