package import Foundation

/// What one `HKQuery.predicateFor...` predicate asks of an object, as plain data the store turns into SQL.
///
/// `NSCompoundPredicate` combines conditions; ``PredicateTree`` is the combined form.
package enum PredicateCondition: Hashable, Sendable {
    /// Samples whose dates pass every test of ``SampleDateRange/comparisons``.
    case sampleDates(SampleDateRange)
    /// Objects saved by a source with one of these bundle identifiers.
    case sources(bundleIdentifiers: Set<String>)
    /// Objects whose source revision matches one of these patterns.
    case sourceRevisions(Set<SourceRevisionPattern>)
    /// Objects whose device has exactly these properties: every ``DeviceProperty`` missing from a dictionary must be nil
    /// on the object's device, and the others equal; the object matches if it matches any of the dictionaries.
    case devices(Set<[DeviceProperty: String]>)
    /// Objects with a device whose `property` is one of `allowedValues`; an empty set matches devices where it is nil.
    case deviceProperty(DeviceProperty, allowedValues: Set<String>)
    /// Objects with one of these UUIDs.
    case uuids(Set<UUID>)
    /// Objects whose metadata has `key`.
    case metadataKeyExists(String)
    /// Objects whose metadata value for `key` equals one of `allowedValues` (none: nothing matches).
    case metadataAllowedValues(key: String, allowedValues: [MetadataValue])
    /// Objects whose metadata value for `key` compares with `value` as `comparison` says (metadata value on the left).
    case metadataComparison(key: String, comparison: ComparisonOperator, value: MetadataValue)
    /// Samples that belong to no correlation.
    case noCorrelation
    /// Samples added to the workout with this UUID.
    case workout(uuid: UUID)
    /// Quantity samples whose quantity compares with `quantity` (compare in one unit, e.g. the type's canonical one).
    case quantity(comparison: ComparisonOperator, quantity: HKQuantity)
    /// Category samples whose value compares with `value`.
    case categoryValue(comparison: ComparisonOperator, value: Int)
    /// Category samples whose value is one of `values`.
    case categoryValues(Set<Int>)
    /// Workouts of this `HKWorkoutActivityType` raw value.
    case workoutActivityType(UInt)
    /// Workouts whose duration in seconds compares with `duration`.
    case workoutDuration(comparison: ComparisonOperator, duration: TimeInterval)
    /// Workouts whose total compares with `quantity`.
    case workoutTotal(WorkoutTotal, comparison: ComparisonOperator, quantity: HKQuantity)
    /// Activity summaries of the days from `first` through `last` (``ActivitySummaryDay`` keys, both included).
    case activitySummaryDays(first: String, last: String)
    /// Electrocardiograms of this `HKElectrocardiogram.Classification` raw value.
    case electrocardiogramClassification(Int)
    /// Electrocardiograms of this `HKElectrocardiogram.SymptomsStatus` raw value.
    case electrocardiogramSymptomsStatus(Int)
    /// Samples associated with the electrocardiogram of this UUID (the symptoms reported with it).
    case associatedWithElectrocardiogram(UUID)
    /// Workouts with an activity that matches the tree (`predicateForWorkouts(activityPredicate:)`); the tree holds
    /// workout activity conditions. An activity condition used on its own means the same as wrapped in this.
    indirect case workoutActivities(PredicateTree)
    /// Workout activities of this `HKWorkoutActivityType` raw value.
    case activityType(UInt)
    /// Workout activities whose active time in seconds compares with `duration`.
    case activityDuration(comparison: ComparisonOperator, duration: TimeInterval)
    /// Workout activities whose dates pass the range's tests, as a sample's would.
    case activityDates(SampleDateRange)
    /// Workouts (with `ofActivity`, workout activities) whose statistic of the quantity type with raw identifier
    /// `type` compares with `quantity`; a workout without that statistic does not match.
    case workoutStatistic(
        WorkoutStatistic, type: String, comparison: ComparisonOperator, quantity: HKQuantity, ofActivity: Bool)
    /// Effort samples related to the workout with this UUID, and to its activity `activity` (nil: to the workout as a
    /// whole).
    case effortRelated(workout: UUID, activity: UUID?)
    /// Clinical records whose FHIR resource has this `resourceType`.
    case clinicalRecordResourceType(String)
    /// The clinical record of one FHIR resource: its source, resource type and identifier.
    case clinicalRecord(sourceBundleIdentifier: String, resourceType: String, identifier: String)
    /// States of mind of this ``HKStateOfMind/Kind`` raw value.
    case stateOfMindKind(Int)
    /// States of mind with this ``HKStateOfMind/Label`` raw value among their labels.
    case stateOfMindLabel(Int)
    /// States of mind with this ``HKStateOfMind/Association`` raw value among their associations.
    case stateOfMindAssociation(Int)
    /// States of mind whose valence compares with `valence`.
    case stateOfMindValence(comparison: ComparisonOperator, valence: Double)
    /// Dose events of one of these medication concept codes (``HKHealthConceptIdentifier``'s code).
    case doseEventConcepts(Set<String>)
    /// Dose events with one of these ``HKMedicationDoseEvent/LogStatus`` raw values.
    case doseEventStatuses(Set<Int>)
    /// Dose events scheduled at exactly one of these dates.
    case doseEventScheduledDates(Set<Date>)
    /// Dose events scheduled in [start, end) (nil bounds are open).
    case doseEventScheduledRange(start: Date?, end: Date?)
    /// Medications (``HKUserAnnotatedMedication``) archived or not.
    case medicationArchived(Bool)
    /// Medications with a schedule or without.
    case medicationHasSchedule(Bool)

    /// Whether the condition is about a workout's activities rather than the workout itself.
    package var isActivityCondition: Bool {
        switch self {
        case .activityType, .activityDuration, .activityDates: return true
        case .workoutStatistic(_, _, _, _, let ofActivity): return ofActivity
        default: return false
        }
    }
}

/// The statistics the workout statistic predicates compare; the raw value is the wire's name.
package enum WorkoutStatistic: String, Hashable, Sendable, CaseIterable {
    case sum, average, minimum, maximum
}

/// The totals of a workout that the deprecated workout predicates compare; the raw value is HealthKit's key path.
package enum WorkoutTotal: String, Hashable, Sendable, CaseIterable {
    case totalEnergyBurned
    case totalDistance
    case totalSwimmingStrokeCount
    case totalFlightsClimbed
}
