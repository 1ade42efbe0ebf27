package import OpenHealthKitEngine
import OpenHealthKitModel

// The numbers and lists of query bodies as the store takes them, checked once for healthd and its fuzz target:
// a negative limit or anchor, or an anchored query of nothing, is bad input (never silently read as 0).

extension WireSampleQuery {
    /// The most samples to return, 0 for all.
    ///
    /// - Throws: `errorInvalidArgument` when `limit` is negative.
    package var resultLimit: Int {
        get throws { try WireQueryBounds.nonNegative(limit, "limit") }
    }
}

extension WireAnchoredQuery {
    /// The anchor to read after, 0 for the beginning.
    ///
    /// - Throws: `errorInvalidArgument` when `anchor` is negative.
    package var startAnchor: Int64 {
        get throws { try WireQueryBounds.nonNegative(anchor, "anchor") }
    }

    /// The most samples and deleted objects to return, 0 for all.
    ///
    /// - Throws: `errorInvalidArgument` when `limit` is negative.
    package var resultLimit: Int {
        get throws { try WireQueryBounds.nonNegative(limit, "limit") }
    }

    /// The types and predicates to read.
    ///
    /// - Throws: `errorInvalidArgument` when there are none, a type is unknown or not a sample type, or a predicate
    ///   does not fit its type.
    package func filters() throws -> [SampleFilter] {
        guard !queries.isEmpty else { throw HKError.invalidArgument("queries must not be empty") }
        return try queries.map { SampleFilter(type: try WireTypes.sampleType($0.type), predicate: $0.predicate?.tree) }
    }
}

extension WireDocumentQuery {
    /// The most documents to return, 0 for all.
    ///
    /// - Throws: `errorInvalidArgument` when `limit` is negative.
    package var resultLimit: Int {
        get throws { try WireQueryBounds.nonNegative(limit, "limit") }
    }
}

extension WireMedicationQuery {
    /// The most medications to return, 0 for all.
    ///
    /// - Throws: `errorInvalidArgument` when `limit` is negative.
    package var resultLimit: Int {
        get throws { try WireQueryBounds.nonNegative(limit, "limit") }
    }
}

enum WireQueryBounds {
    static func nonNegative<Number: BinaryInteger>(_ value: Number?, _ name: String) throws -> Number {
        let value = value ?? 0
        guard value >= 0 else { throw HKError.invalidArgument("\(name) must not be negative") }
        return value
    }
}
