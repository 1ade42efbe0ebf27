package import Foundation
package import OpenHealthKitEngine
package import OpenHealthKitModel

// The numbers and lists of query bodies as the store takes them, checked once for healthd and its fuzz target:
// a negative limit or anchor, an anchored query of nothing, or a page of route locations out of its bounds is bad
// input (never silently read as 0 nor clamped).

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

extension WireRouteLocationsQuery {
    /// The most locations one page may hold.
    package static let maximumPage = 10_000

    /// The locations to skip and the most to return.
    ///
    /// - Throws: `errorInvalidArgument` when `limit` is not 1 to ``maximumPage`` or `offset` is negative.
    package var page: (offset: Int, limit: Int) {
        get throws {
            guard (1...Self.maximumPage).contains(limit), offset >= 0 else {
                throw HKError.invalidArgument("limit must be 1 to \(Self.maximumPage) and offset 0 or more")
            }
            return (offset, limit)
        }
    }

    /// The dates the locations are narrowed to; nil for all.
    ///
    /// - Throws: `errorInvalidArgument` unless both dates or neither are given, each within years 1 to 4001
    ///   (`SampleValidation.dateRange`), the start not after the end.
    package var interval: DateInterval? {
        get throws {
            switch (startDate?.date, endDate?.date) {
            case (nil, nil): return nil
            case (let start?, let end?):
                try SampleValidation.validateDates(start: start, end: end)
                return DateInterval(start: start, end: end)
            default: throw HKError.invalidArgument("startDate and endDate go together")
            }
        }
    }
}

extension WireEffortQuery {
    /// The anchor to read after, 0 for the beginning.
    ///
    /// - Throws: `errorInvalidArgument` when `anchor` is negative.
    package var startAnchor: Int64 {
        get throws { try WireQueryBounds.nonNegative(anchor, "anchor") }
    }

    /// Which related samples each relationship holds.
    ///
    /// - Throws: `errorInvalidArgument` when `option` is not an `HKWorkoutEffortRelationshipQueryOptions` raw value.
    package var queryOption: HKWorkoutEffortRelationshipQueryOptions {
        get throws {
            guard let option = HKWorkoutEffortRelationshipQueryOptions(rawValue: option) else {
                throw HKError.invalidArgument("\(option) is not an HKWorkoutEffortRelationshipQueryOptions raw value")
            }
            return option
        }
    }
}

enum WireQueryBounds {
    static func nonNegative<Number: BinaryInteger>(_ value: Number?, _ name: String) throws -> Number {
        let value = value ?? 0
        guard value >= 0 else { throw HKError.invalidArgument("\(name) must not be negative") }
        return value
    }
}
