import Foundation

// The key paths of HealthKit's predicate format strings. OpenHealthKit does not evaluate format strings (build
// predicates with HKQuery's factory methods); the constants exist, with HealthKit's values, for source compatibility.

/// The key path of an object's UUID.
public let HKPredicateKeyPathUUID = "UUID"
/// The key path of an object's source.
public let HKPredicateKeyPathSource = "source"
/// The key path of an object's metadata.
public let HKPredicateKeyPathMetadata = "metadata"
/// The key path of the correlation a sample belongs to.
public let HKPredicateKeyPathCorrelation = "correlation"
/// The key path of the workout a sample belongs to.
public let HKPredicateKeyPathWorkout = "workout"
/// The key path of an object's device.
public let HKPredicateKeyPathDevice = "device"
/// The key path of an object's source revision.
public let HKPredicateKeyPathSourceRevision = "sourceRevision"
/// The key path of a sample's start date.
public let HKPredicateKeyPathStartDate = "startDate"
/// The key path of a sample's end date.
public let HKPredicateKeyPathEndDate = "endDate"
/// The key path of a quantity sample's quantity.
public let HKPredicateKeyPathQuantity = "quantity"
/// The key path of the number of values in a quantity sample.
public let HKPredicateKeyPathCount = "count"
/// The key path of a cumulative quantity sample's sum.
public let HKPredicateKeyPathSum = "quantity"
/// The key path of a discrete quantity sample's average.
public let HKPredicateKeyPathAverage = "quantity"
/// The key path of a discrete quantity sample's minimum.
public let HKPredicateKeyPathMin = "min"
/// The key path of a discrete quantity sample's maximum.
public let HKPredicateKeyPathMax = "max"
/// The key path of a discrete quantity sample's most recent quantity.
public let HKPredicateKeyPathMostRecent = "most_recent"
/// The key path of the start date of a discrete quantity sample's most recent quantity.
public let HKPredicateKeyPathMostRecentStartDate = "most_recent_start_date"
/// The key path of the end date of a discrete quantity sample's most recent quantity.
public let HKPredicateKeyPathMostRecentEndDate = "most_recent_end_date"
/// The key path of the duration of a discrete quantity sample's most recent quantity.
public let HKPredicateKeyPathMostRecentDuration = "most_recent_duration"
/// The key path of a category sample's value.
public let HKPredicateKeyPathCategoryValue = "value"
/// The key path of a workout's duration.
public let HKPredicateKeyPathWorkoutDuration = "duration"
/// The key path of a workout's total distance.
public let HKPredicateKeyPathWorkoutTotalDistance = "totalDistance"
/// The key path of a workout's total energy burned.
@available(
    *, deprecated,
    message:
        "Use predicateForWorkoutActivitiesWithOperatorType:quantityType:sumQuantity: passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
)
public let HKPredicateKeyPathWorkoutTotalEnergyBurned = "totalEnergyBurned"
/// The key path of a workout's activity type.
public let HKPredicateKeyPathWorkoutType = "workoutType"
/// The key path of an activity summary's date components.
public let HKPredicateKeyPathDateComponents = "dateComponents"
/// The key path of a workout's total flights climbed.
public let HKPredicateKeyPathWorkoutTotalFlightsClimbed = "totalFlightsClimbed"
/// The key path of a workout's total swimming stroke count.
public let HKPredicateKeyPathWorkoutTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
/// The key path of a workout's average quantity of a type (its statistics).
public let HKPredicateKeyPathWorkoutAverageQuantity = "averageQuantity"
/// The key path of a workout's minimum quantity of a type.
public let HKPredicateKeyPathWorkoutMinimumQuantity = "minimumQuantity"
/// The key path of a workout's maximum quantity of a type.
public let HKPredicateKeyPathWorkoutMaximumQuantity = "maximumQuantity"
/// The key path of a workout's sum quantity of a type.
public let HKPredicateKeyPathWorkoutSumQuantity = "sumQuantity"
/// The key path of a workout's activities.
public let HKPredicateKeyPathWorkoutActivity = "workoutActivity"
/// The key path of a workout activity's activity type.
public let HKPredicateKeyPathWorkoutActivityType = "activityType"
/// The key path of a workout activity's start date.
public let HKPredicateKeyPathWorkoutActivityStartDate = "activityStartDate"
/// The key path of a workout activity's end date.
public let HKPredicateKeyPathWorkoutActivityEndDate = "activityEndDate"
/// The key path of a workout activity's duration.
public let HKPredicateKeyPathWorkoutActivityDuration = "activityDuration"
/// The key path of a workout activity's average quantity of a type.
public let HKPredicateKeyPathWorkoutActivityAverageQuantity = "activityAverageQuantity"
/// The key path of a workout activity's minimum quantity of a type.
public let HKPredicateKeyPathWorkoutActivityMinimumQuantity = "activityMinimumQuantity"
/// The key path of a workout activity's maximum quantity of a type.
public let HKPredicateKeyPathWorkoutActivityMaximumQuantity = "activityMaximumQuantity"
/// The key path of a workout activity's sum quantity of a type.
public let HKPredicateKeyPathWorkoutActivitySumQuantity = "activitySumQuantity"
/// The key path of the relationship between a workout and its effort samples.
public let HKPredicateKeyPathWorkoutEffortRelationship = "ratingOfExertionAssociation"
/// The key path of an electrocardiogram's average heart rate.
public let HKPredicateKeyPathAverageHeartRate = "ecg_average_heart_rate"
/// The key path of an electrocardiogram's classification.
public let HKPredicateKeyPathECGClassification = "ecg_public_classification"
/// The key path of an electrocardiogram's symptoms status.
public let HKPredicateKeyPathECGSymptomsStatus = "ecg_symptoms_status"
/// The key path of a CDA document's title.
public let HKPredicateKeyPathCDATitle = "title"
/// The key path of a CDA document's patient name.
public let HKPredicateKeyPathCDAPatientName = "patient_name"
/// The key path of a CDA document's author name.
public let HKPredicateKeyPathCDAAuthorName = "author_name"
/// The key path of a CDA document's custodian name.
public let HKPredicateKeyPathCDACustodianName = "custodian_name"
/// The key path of a clinical record's FHIR resource type.
public let HKPredicateKeyPathClinicalRecordFHIRResourceType = "FHIRResource.resourceType"
/// The key path of a clinical record's FHIR resource identifier.
public let HKPredicateKeyPathClinicalRecordFHIRResourceIdentifier = "FHIRResource.identifier"
/// The key path of a medication dose event's log status.
public let HKPredicateKeyPathStatus = "status"
/// The key path of a medication dose event's log origin.
public let HKPredicateKeyPathLogOrigin = "logOrigin"
/// The key path of a medication dose event's scheduled date.
public let HKPredicateKeyPathScheduledDate = "scheduledDate"
/// The key path of a medication dose event's medication concept identifier.
public let HKPredicateKeyPathMedicationConceptIdentifier = "medicationConceptIdentifier"
