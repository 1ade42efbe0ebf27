package import Foundation
package import OpenHealthKitModel

/// A read of sample rows: types, a condition, who may be seen, an anchor bound, order and limit.
package struct RowQuery: Sendable {
    /// The sample types asked for (raw identifiers). Empty means every type.
    package var typeIdentifiers: [String]
    package var condition: RowCondition
    /// The bundle identifiers whose rows the reader may see; nil means all sources.
    package var visibleSources: Set<String>?
    /// Rows and tombstones with these UUIDs are visible whatever their source (objects the user let an app read one
    /// by one: `requestPerObjectReadAuthorization`). Only meaningful with ``visibleSources``.
    package var alsoVisibleUUIDs: Set<UUID> = []
    /// Whether CDA document rows carry their XML (``CDADocumentRow/document``); without it they carry the header only.
    package var includesDocumentData = false
    /// Only changes after this anchor.
    package var anchorAfter: Int64?
    package var sort: [RowSort]
    /// 0 or nil means no limit.
    package var limit: Int?

    package init(
        typeIdentifiers: [String], condition: RowCondition = .all, visibleSources: Set<String>? = nil,
        anchorAfter: Int64? = nil, sort: [RowSort] = [], limit: Int? = nil
    ) {
        self.typeIdentifiers = typeIdentifiers
        self.condition = condition
        self.visibleSources = visibleSources
        self.anchorAfter = anchorAfter
        self.sort = sort
        self.limit = limit
    }
}

/// An order of rows.
package struct RowSort: Sendable, Equatable {
    package enum Key: String, Sendable {
        case startDate, endDate, anchor, value
        case workoutDuration, workoutTotalDistance, workoutTotalEnergyBurned
        case workoutTotalSwimmingStrokeCount, workoutTotalFlightsClimbed
    }

    package var key: Key
    package var ascending: Bool

    package init(_ key: Key, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }
}

/// A comparison, as HealthKit's predicates use them.
package enum RowComparison: String, Sendable {
    case lessThan = "<", lessThanOrEqual = "<=", greaterThan = ">", greaterThanOrEqual = ">=", equal = "=", notEqual =
        "<>"
}

/// How a date range selects samples.
package enum DateRangeMode: Sendable {
    /// The sample's interval overlaps the range.
    case overlaps
    /// The sample starts within the range.
    case strictStart
    /// The sample ends within the range.
    case strictEnd
    /// The sample lies entirely within the range.
    case strictStartAndEnd
}

/// A metadata value as a predicate compares it.
package enum MetadataScalar: Sendable, Equatable {
    case string(String)
    case number(Double)
    /// Seconds since 1970.
    case date(Double)
    /// A quantity as the value in its dimension's base and the dimension's key (see `HKUnit.dimensionKey`).
    case quantity(Double, dimension: String)
}

/// A condition on sample rows: HealthKit's predicates in a plain form the storage turns into SQL.
package indirect enum RowCondition: Sendable {
    case all
    case none
    case and([RowCondition])
    case or([RowCondition])
    case not(RowCondition)
    /// Seconds since 1970; nil bounds are open.
    case dateRange(start: Double?, end: Double?, mode: DateRangeMode)
    case uuids(Set<UUID>)
    case sources(Set<String>)
    /// A revision matches when its source matches and each non-nil field is equal.
    case sourceRevisions([RevisionMatch])
    case devices([DeviceRow])
    /// A device property (index into ``DeviceRow/fields``) with one of these values.
    case deviceProperty(index: Int, values: Set<String>)
    case metadataKeyExists(String)
    case metadata(key: String, comparison: RowComparison, value: MetadataScalar)
    case metadataIn(key: String, values: [MetadataScalar])
    /// The stored value (canonical quantity or category value).
    case value(RowComparison, Double)
    case valueIn(Set<Int>)
    case noCorrelation
    case workoutActivityType(UInt)
    case workoutNumber(RowSort.Key, RowComparison, Double)
    /// The members of the correlation (or the routes of the workout) with this UUID: rows whose parent it is.
    case memberOf(UUID)
    /// What belongs to the workout with this UUID: its routes (rows whose parent it is) and the samples associated
    /// with it (``WorkoutStorage/associate(_:withWorkout:)``).
    case workoutMember(UUID)
    /// Workouts with an activity meeting the condition.
    case workoutActivity(ActivityCondition)
    /// Workouts whose own statistic (not an activity's) of the quantity type `type` (raw identifier) compares with a
    /// value in the type's canonical unit.
    case workoutStatistic(WorkoutStatistic, type: String, RowComparison, Double)
    /// Effort samples related to the workout with UUID `workout` and to its activity `activity` (nil: to the workout as
    /// a whole), see ``WorkoutStorage/relateEffort(_:)``.
    case effortRelated(workout: UUID, activity: UUID?)
    /// Electrocardiograms of this `HKElectrocardiogram.Classification` raw value (``ElectrocardiogramRow``).
    case electrocardiogramClassification(Int)
    /// Electrocardiograms of this `HKElectrocardiogram.SymptomsStatus` raw value.
    case electrocardiogramSymptomsStatus(Int)
    /// Samples associated with the electrocardiogram of this UUID (``ElectrocardiogramRow/symptoms``).
    case associatedWithElectrocardiogram(UUID)
    /// Clinical records of a FHIR resource type.
    case clinicalResourceType(String)
    /// The clinical record of one FHIR resource of a source.
    case clinicalRecord(sourceBundleIdentifier: String, resourceType: String, identifier: String)
    /// States of mind of a kind (raw value).
    case stateOfMindKind(Int)
    /// States of mind with this label (raw value) among their labels.
    case stateOfMindLabel(Int)
    /// States of mind with this association (raw value) among their associations.
    case stateOfMindAssociation(Int)
    /// Dose events of these medication concept codes.
    case doseEventConcepts(Set<String>)
    /// Dose events with these log statuses (raw values).
    case doseEventStatuses(Set<Int>)
    /// Dose events scheduled at exactly these dates (seconds since 1970).
    case doseEventScheduledDates(Set<Double>)
    /// Dose events scheduled in [start, end) (seconds since 1970; nil bounds are open).
    case doseEventScheduledRange(start: Double?, end: Double?)
}

/// A condition on a workout's activities (``WorkoutActivityRow``); an activity without its own activity type has its
/// workout's.
package indirect enum ActivityCondition: Sendable {
    case all
    case none
    case and([ActivityCondition])
    case or([ActivityCondition])
    case not(ActivityCondition)
    case activityType(UInt)
    /// The activity's active time in seconds (an activity stored without one: its end minus its start).
    case duration(RowComparison, Double)
    /// Seconds since 1970; an activity without an end ends at its start.
    case dateRange(start: Double?, end: Double?, mode: DateRangeMode)
    /// The activity's statistic of the quantity type `type` compares with a value in the type's canonical unit.
    case statistic(WorkoutStatistic, type: String, RowComparison, Double)
}

/// A source revision to match; nil fields match any value (HealthKit's `HKSourceRevisionAny…`).
package struct RevisionMatch: Sendable, Equatable {
    package var bundleIdentifier: String
    package var version: String?
    package var productType: String?
    package var operatingSystemVersion: String?

    package init(bundleIdentifier: String, version: String?, productType: String?, operatingSystemVersion: String?) {
        self.bundleIdentifier = bundleIdentifier
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }
}
