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
}

/// The totals of a workout that the deprecated workout predicates compare; the raw value is HealthKit's key path.
package enum WorkoutTotal: String, Hashable, Sendable, CaseIterable {
    case totalEnergyBurned
    case totalDistance
    case totalSwimmingStrokeCount
    case totalFlightsClimbed
}
