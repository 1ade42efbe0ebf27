public import Foundation
package import OpenHealthKitModel
package import OpenHealthKitEngine

// The bodies of the data routes an app calls (saving, deleting, queries).

/// `POST /v1/samples`: objects saved all or nothing.
public struct WireSaveRequest: Codable, Sendable {
    public var objects: [WireSample]
    public init(objects: [WireSample]) { self.objects = objects }
}

/// The answer to a save: the source revision the store stamped on every object (none for an empty save).
public struct WireSaveResponse: Codable, Sendable {
    public var sourceRevision: WireSourceRevision?
    public init(sourceRevision: WireSourceRevision?) { self.sourceRevision = sourceRevision }
}

/// `POST /v1/samples/delete`: objects the app saved, by UUID.
public struct WireDeleteRequest: Codable, Sendable {
    public var uuids: [UUID]
    public init(uuids: [UUID]) { self.uuids = uuids }
}

/// `POST /v1/samples/delete-matching`: the app's objects of a type matching a predicate.
public struct WireDeleteObjectsRequest: Codable, Sendable {
    public var type: String
    public var predicate: WirePredicate?
    package init(type: String, predicate: PredicateTree?) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
    }
}

public struct WireCountResponse: Codable, Sendable {
    public var count: Int
    public init(count: Int) { self.count = count }
}

/// `POST /v1/queries/samples`: HKSampleQuery. A `limit` of 0 or none means no limit.
public struct WireSampleQuery: Codable, Sendable {
    public var type: String
    public var predicate: WirePredicate?
    public var sort: [WireSort]?
    public var limit: Int?
    package init(type: String, predicate: PredicateTree?, sort: [RowSort], limit: Int) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
        self.sort = sort.isEmpty ? nil : sort.map(WireSort.init)
        self.limit = limit
    }
}

public struct WireSamplesResponse: Codable, Sendable {
    public var samples: [WireSample]
    public init(samples: [WireSample]) { self.samples = samples }
}

/// A sample type and the predicate its samples must match (HKQueryDescriptor).
public struct WireQueryDescriptor: Codable, Sendable {
    public var type: String
    public var predicate: WirePredicate?
    package init(_ filter: SampleFilter) {
        type = filter.type.identifier
        predicate = filter.predicate.map(WirePredicate.init)
    }
}

/// `POST /v1/queries/anchored`: HKAnchoredObjectQuery, once. `anchor` 0 or none: from the beginning.
public struct WireAnchoredQuery: Codable, Sendable {
    public var queries: [WireQueryDescriptor]
    public var anchor: Int64?
    public var limit: Int?
    package init(filters: [SampleFilter], anchor: Int64, limit: Int) {
        queries = filters.map(WireQueryDescriptor.init)
        self.anchor = anchor
        self.limit = limit
    }
}

/// The samples added and objects deleted after the anchor, and the anchor to resume from.
public struct WireAnchoredResponse: Codable, Sendable {
    public var samples: [WireSample]
    public var deletedObjects: [WireDeletedObject]
    public var anchor: Int64
    package init(_ changes: AnchoredChanges) {
        samples = changes.samples.map(WireSample.init)
        deletedObjects = changes.deletedObjects.map(WireDeletedObject.init)
        anchor = changes.anchor
    }
}

/// `POST /v1/queries/sources`: HKSourceQuery.
public struct WireSourceQuery: Codable, Sendable {
    public var type: String
    public var predicate: WirePredicate?
    package init(type: String, predicate: PredicateTree?) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
    }
}

public struct WireSourcesResponse: Codable, Sendable {
    public var sources: [WireSource]
    public init(sources: [WireSource]) { self.sources = sources }
}

/// `POST /v1/queries/correlations`: HKCorrelationQuery; `samplePredicates` by member type identifier.
public struct WireCorrelationQuery: Codable, Sendable {
    public var type: String
    public var predicate: WirePredicate?
    public var samplePredicates: [String: WirePredicate]?
    package init(type: String, predicate: PredicateTree?, memberFilters: [SampleFilter]) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
        let members = memberFilters.map { ($0.type.identifier, WirePredicate($0.predicate ?? .all)) }
        samplePredicates = members.isEmpty ? nil : Dictionary(members, uniquingKeysWith: { first, _ in first })
    }
}

/// `GET /v1/anchor`: the anchor of the latest committed change.
public struct WireAnchorResponse: Codable, Sendable {
    public var anchor: Int64
    public init(anchor: Int64) { self.anchor = anchor }
}

/// `GET /v1/characteristics/{type}` and the owner's `PUT`: the value as stored, or null when not set:
/// an enumeration's raw value in decimal (`"2"`), the date of birth as `yyyy-MM-dd`.
public struct WireCharacteristic: Codable, Sendable {
    public var type: String
    public var value: String?
    public init(type: String, value: String?) {
        self.type = type
        self.value = value
    }
}
