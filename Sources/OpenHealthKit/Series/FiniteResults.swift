import Foundation

/// The iterator behind the finite result sequences of the series descriptors (quantity series, heartbeats,
/// voltages): the store is read once, on the first `next()`, off the caller's task; then the elements are handed
/// out one by one.
struct FiniteResults<Element: Sendable>: Sendable {
    private let read: @Sendable () async throws -> [Element]
    private var elements: [Element]?
    private var position = 0

    init(store: HKHealthStore, _ read: @escaping @Sendable (any HealthStoreBackend) throws -> [Element]) {
        self.read = { [backend = store.backend] in try await store.perform { try read(backend) } }
    }

    /// The next element, reading the store first if it was not read yet; nil after the last one.
    mutating func next() async throws -> Element? {
        if elements == nil {
            try Task.checkCancellation()
            elements = try await read()
        }
        guard let elements, position < elements.count else { return nil }
        defer { position += 1 }
        return elements[position]
    }
}
