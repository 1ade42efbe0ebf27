import Foundation
package import OpenHealthKitModel

/// A query predicate on the wire: HealthKit's predicate tree as JSON objects tagged by `kind`.
///
/// Combinations: `{"kind": "and" | "or", "predicates": [...]}`, `{"kind": "not", "predicate": {...}}`,
/// `{"kind": "all"}`, `{"kind": "none"}`. Conditions (one per `HKQuery.predicateFor...` factory):
/// `sampleDates` (`startDate`, `endDate`, `options`: `strictStartDate`, `strictEndDate`), `sources`
/// (`bundleIdentifiers`), `sourceRevisions` (`revisions`), `devices` (`devices`: objects keyed by
/// `HKDevicePropertyKey...` strings), `deviceProperty` (`property`, `allowedValues`), `uuids`, `metadataKeyExists`
/// (`key`), `metadataAllowedValues` (`key`, `allowedValues`), `metadataComparison` (`key`, `operator`, `value`),
/// `noCorrelation`, `workout` (`uuid`), `quantity` (`operator`, `quantity`), `categoryValue` (`operator`, `value`),
/// `categoryValues` (`values`), `workoutActivityType` (`workoutActivityType`), `workoutDuration` (`operator`,
/// `duration`), `workoutTotal` (`total`, `operator`, `quantity`), `activitySummaryDays` (`firstDay`, `lastDay`:
/// `yyyy-MM-dd`, both included; for activity summary queries), `workoutActivities` (`predicate`: a tree of activity
/// conditions), the activity conditions `activityType` (`workoutActivityType`), `activityDuration` (`operator`,
/// `duration`), `activityDates` (as `sampleDates`), `workoutStatistic` (`statistic`: `sum`, `average`, `minimum` or
/// `maximum`; `type`, `operator`, `quantity`, `ofActivity`), `effortRelated` (`workout`, `activity`), and those of the
/// record kinds (see `WirePredicate+RecordConditions.swift`). Operators: `<`, `<=`, `>`, `>=`, `==`, `!=`.
public struct WirePredicate: Codable, Sendable, Hashable {
    package var tree: PredicateTree

    package init(_ tree: PredicateTree) {
        self.tree = tree
    }

    /// Deeper trees are refused before they can exhaust the stack of the reader or of the SQL translation.
    static let maximumDepth = 64

    /// The most predicates a tree may hold (combinations and conditions): an `and` of n predicates is an SQL expression
    /// n deep, and SQLite refuses expressions deeper than 1,000. Far enough below it that the narrowing to what the
    /// caller may read never crosses it either: a predicate the store could not run is refused here, the same for
    /// every caller, before any authorization is looked at (see docs/HEALTHD.md).
    package static let maximumPredicates = 500
    /// The most values the lists of a tree may hold in all (UUIDs, bundle identifiers, allowed values...), each an SQL
    /// variable: far below SQLite's 32,766.
    package static let maximumListValues = 10_000

    enum CodingKeys: String, CodingKey {
        case kind, predicates, predicate
        case startDate, endDate, options
        case bundleIdentifiers, revisions, devices, property, allowedValues, uuids, uuid, key, value, values
        case `operator`, quantity, workoutActivityType, duration, total, firstDay, lastDay
        case statistic, type, ofActivity, workout, activity
        case resourceType, identifier, source, valence, codes, statuses, dates, flag
    }

    /// Reads a predicate; an unknown `kind`, a missing field or a tree deeper than 64 levels is a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let depth = decoder.codingPath.filter {
            $0.stringValue == CodingKeys.predicate.stringValue || $0.stringValue == CodingKeys.predicates.stringValue
        }.count
        if depth > Self.maximumDepth {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "the predicate is nested more than \(Self.maximumDepth) levels deep")
        }
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "and": tree = .and(try container.decode([WirePredicate].self, forKey: .predicates).map(\.tree))
        case "or": tree = .or(try container.decode([WirePredicate].self, forKey: .predicates).map(\.tree))
        case "not": tree = .not(try container.decode(WirePredicate.self, forKey: .predicate).tree)
        case "all": tree = .all
        case "none": tree = .none
        default: tree = .leaf(try Self.condition(kind, container))
        }
        let size = Self.size(of: tree)
        if size.predicates > Self.maximumPredicates || size.values > Self.maximumListValues {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription:
                    "the predicate is too large: it may hold at most \(Self.maximumPredicates) predicates and \(Self.maximumListValues) list values"
            )
        }
    }

    /// The predicates of `tree` and the values of its lists, as ``maximumPredicates`` and ``maximumListValues`` count
    /// them.
    static func size(of tree: PredicateTree) -> (predicates: Int, values: Int) {
        switch tree {
        case .and(let trees), .or(let trees):
            return trees.reduce((1, 0)) { total, tree in
                let size = size(of: tree)
                return (total.0 + size.predicates, total.1 + size.values)
            }
        case .not(let tree):
            let size = size(of: tree)
            return (size.predicates + 1, size.values)
        case .all, .none:
            return (1, 0)
        case .leaf(let condition):
            switch condition {
            case .sources(let values), .deviceProperty(_, let values): return (1, values.count)
            case .sourceRevisions(let values): return (1, values.count)
            case .devices(let values): return (1, values.count)
            case .uuids(let values): return (1, values.count)
            case .metadataAllowedValues(_, let values): return (1, values.count)
            case .categoryValues(let values): return (1, values.count)
            case .workoutActivities(let tree):
                let size = size(of: tree)
                return (size.predicates + 1, size.values)
            case .doseEventConcepts(let values): return (1, values.count)
            case .doseEventStatuses(let values): return (1, values.count)
            case .doseEventScheduledDates(let values): return (1, values.count)
            default: return (1, 0)
            }
        }
    }

    /// Writes the predicate as tagged JSON objects.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch tree {
        case .and(let trees):
            try container.encode("and", forKey: .kind)
            try container.encode(trees.map(WirePredicate.init), forKey: .predicates)
        case .or(let trees):
            try container.encode("or", forKey: .kind)
            try container.encode(trees.map(WirePredicate.init), forKey: .predicates)
        case .not(let tree):
            try container.encode("not", forKey: .kind)
            try container.encode(WirePredicate(tree), forKey: .predicate)
        case .all: try container.encode("all", forKey: .kind)
        case .none: try container.encode("none", forKey: .kind)
        case .leaf(let condition): try Self.encode(condition, into: &container)
        }
    }
}
