public import Foundation
package import OpenHealthKitModel
package import OpenHealthKitEngine

// The bodies of the data routes an app calls (saving, deleting, queries).

/// `POST /v1/samples`: objects saved all or nothing.
public struct WireSaveRequest: Codable, Sendable {
    /// The objects to save.
    public var objects: [WireSample]
    /// Wraps the objects.
    public init(objects: [WireSample]) { self.objects = objects }
}

/// The answer to a save: the source revision the store stamped on every object (none for an empty save).
public struct WireSaveResponse: Codable, Sendable {
    /// The revision stamped on the saved objects; nil when nothing was saved.
    public var sourceRevision: WireSourceRevision?
    /// Wraps the revision.
    public init(sourceRevision: WireSourceRevision?) { self.sourceRevision = sourceRevision }
}

/// `POST /v1/samples/delete`: objects the app saved, by UUID.
public struct WireDeleteRequest: Codable, Sendable {
    /// The UUIDs of the objects to delete.
    public var uuids: [UUID]
    /// Wraps the UUIDs.
    public init(uuids: [UUID]) { self.uuids = uuids }
}

/// `POST /v1/samples/delete-matching`: the app's objects of a type matching a predicate.
public struct WireDeleteObjectsRequest: Codable, Sendable {
    /// The raw identifier of the objects' type.
    public var type: String
    /// The predicate they must match; nil matches every object of the type the app saved.
    public var predicate: WirePredicate?
    package init(type: String, predicate: PredicateTree?) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
    }
}

/// The answer to a delete: how many objects it was asked to delete or found matching.
public struct WireCountResponse: Codable, Sendable {
    /// The number of objects.
    public var count: Int
    /// Wraps the number.
    public init(count: Int) { self.count = count }
}

/// `POST /v1/queries/samples`: HKSampleQuery. A `limit` of 0 or none means no limit.
public struct WireSampleQuery: Codable, Sendable {
    /// The raw identifier of the sample type.
    public var type: String
    /// The predicate the samples must match; nil matches every sample.
    public var predicate: WirePredicate?
    /// The sort keys, first key first; nil or empty: unsorted, as HealthKit leaves it.
    public var sort: [WireSort]?
    /// The most samples to return; 0 or nil: no limit.
    public var limit: Int?
    /// Whether the answer lists its distinct source revisions once (``WireSamplesResponse/sourceRevisions``); nil or
    /// false: every sample carries its own, as before.
    public var shareSourceRevisions: Bool?
    package init(
        type: String, predicate: PredicateTree?, sort: [RowSort], limit: Int, shareSourceRevisions: Bool = false
    ) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
        self.sort = sort.isEmpty ? nil : sort.map(WireSort.init)
        self.limit = limit
        self.shareSourceRevisions = shareSourceRevisions ? true : nil
    }
}

/// The answer to a sample query.
public struct WireSamplesResponse: Codable, Sendable {
    /// The matching samples, in the query's order.
    public var samples: [WireSample]
    /// When the query asked to share them: the samples' distinct source revisions and devices, which the samples
    /// name by ``WireSample/sourceRevisionIndex``.
    public var sourceRevisions: [WireSharedSourceRevision]?
    /// Wraps the samples.
    public init(samples: [WireSample]) { self.samples = samples }
}

/// A sample type and the predicate its samples must match (HKQueryDescriptor).
public struct WireQueryDescriptor: Codable, Sendable {
    /// The raw identifier of the sample type.
    public var type: String
    /// The predicate the samples must match; nil matches every sample.
    public var predicate: WirePredicate?
    package init(_ filter: SampleFilter) {
        type = filter.type.identifier
        predicate = filter.predicate.map(WirePredicate.init)
    }
}

/// `POST /v1/queries/anchored`: HKAnchoredObjectQuery, once. `anchor` 0 or none: from the beginning.
public struct WireAnchoredQuery: Codable, Sendable {
    /// The types and predicates to read; the results are their union.
    public var queries: [WireQueryDescriptor]
    /// The anchor to read after; 0 or nil: from the beginning.
    public var anchor: Int64?
    /// The most samples and deleted objects to return, together; 0 or nil: no limit.
    public var limit: Int?
    package init(filters: [SampleFilter], anchor: Int64, limit: Int) {
        queries = filters.map(WireQueryDescriptor.init)
        self.anchor = anchor
        self.limit = limit
    }
}

/// The samples added and objects deleted after the anchor, and the anchor to resume from.
public struct WireAnchoredResponse: Codable, Sendable {
    /// The samples added after the anchor, oldest change first.
    public var samples: [WireSample]
    /// The objects deleted after the anchor.
    public var deletedObjects: [WireDeletedObject]
    /// The anchor of the last change returned: pass it back to read on from there.
    public var anchor: Int64
    package init(_ changes: AnchoredChanges) {
        samples = changes.samples.map(WireSample.init)
        deletedObjects = changes.deletedObjects.map(WireDeletedObject.init)
        anchor = changes.anchor
    }
}

/// `POST /v1/queries/sources`: HKSourceQuery.
public struct WireSourceQuery: Codable, Sendable {
    /// The raw identifier of the sample type whose sources to list.
    public var type: String
    /// The predicate the samples must match; nil matches every sample.
    public var predicate: WirePredicate?
    package init(type: String, predicate: PredicateTree?) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
    }
}

/// The answer to a source query.
public struct WireSourcesResponse: Codable, Sendable {
    /// The sources of the matching samples.
    public var sources: [WireSource]
    /// Wraps the sources.
    public init(sources: [WireSource]) { self.sources = sources }
}

/// `POST /v1/queries/correlations`: HKCorrelationQuery; `samplePredicates` by member type identifier.
public struct WireCorrelationQuery: Codable, Sendable {
    /// The raw identifier of the correlation type.
    public var type: String
    /// The predicate the correlations must match; nil matches every correlation.
    public var predicate: WirePredicate?
    /// Predicates on the members, keyed by member type identifier: a correlation matches when it has a member of each
    /// listed type that matches; nil or empty puts no condition on the members.
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
    /// The anchor; 0 for an empty store.
    public var anchor: Int64
    /// Wraps the anchor.
    public init(anchor: Int64) { self.anchor = anchor }
}

/// `GET /v1/characteristics/{type}` and the owner's `PUT`: the value as stored, or null when not set:
/// an enumeration's raw value in decimal (`"2"`), the date of birth as `yyyy-MM-dd`.
public struct WireCharacteristic: Codable, Sendable {
    /// The characteristic type's raw identifier.
    public var type: String
    /// The value as stored; nil when not set.
    public var value: String?
    /// A characteristic's value.
    public init(type: String, value: String?) {
        self.type = type
        self.value = value
    }
}
