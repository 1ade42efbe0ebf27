import Foundation
import OpenHealthKitExchange
import OpenHealthKitModel

/// The owner's secret: the bearer token of every owner route, made on first start and kept 0600 next to the store.
struct OwnerSecret: Sendable {
    private let bytes: [UInt8]

    init(_ secret: String) {
        bytes = Array(secret.utf8)
    }

    /// Whether `candidate` is the secret, compared in constant time.
    func matches(_ candidate: String) -> Bool {
        constantTimeEquals(bytes, Array(candidate.utf8))
    }
}
