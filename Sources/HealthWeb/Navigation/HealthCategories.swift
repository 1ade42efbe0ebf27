import Foundation
import OpenHealthKitModel

/// One of Health's categories, as Browse and the Summary group data: Activity, Body Measurements, Heart...
struct HealthCategory: Sendable, Equatable {
    /// The anchor of its section (`heart`).
    let id: String
    let name: String
}

/// An entry of Browse that is not a type's own page (a page for electrocardiograms, audiograms, clinical records,
/// medications...): its name, where it is, and the category it belongs to. Such a page registers its entry in
/// ``HealthCategories/pageEntries``.
struct BrowseEntry: Sendable {
    let name: String
    let href: String
    let category: String
    /// The identifiers of the types whose samples the page shows: Browse marks it when one holds data.
    let sampleTypes: [String]
}

/// Health's categories and which types belong to each. A type may belong to several (Heart Rate is Heart and
/// Vitals); the Summary lists it under the first. Types not listed are in Other Data.
enum HealthCategories {
    static let activity = HealthCategory(id: "activity", name: "Activity")
    static let body = HealthCategory(id: "body-measurements", name: "Body Measurements")
    static let cycle = HealthCategory(id: "cycle-tracking", name: "Cycle Tracking")
    static let hearing = HealthCategory(id: "hearing", name: "Hearing")
    static let heart = HealthCategory(id: "heart", name: "Heart")
    static let medications = HealthCategory(id: "medications", name: "Medications")
    static let mind = HealthCategory(id: "mental-wellbeing", name: "Mental Wellbeing")
    static let mobility = HealthCategory(id: "mobility", name: "Mobility")
    static let nutrition = HealthCategory(id: "nutrition", name: "Nutrition")
    static let respiratory = HealthCategory(id: "respiratory", name: "Respiratory")
    static let sleep = HealthCategory(id: "sleep", name: "Sleep")
    static let symptoms = HealthCategory(id: "symptoms", name: "Symptoms")
    static let vitals = HealthCategory(id: "vitals", name: "Vitals")
    static let other = HealthCategory(id: "other", name: "Other Data")
    /// Clinical records and documents from institutions, below the categories as in Health.
    static let healthRecords = HealthCategory(id: "health-records", name: "Health Records")

    /// In Health's order.
    static let all = [
        activity, body, cycle, hearing, heart, medications, mind, mobility, nutrition, respiratory, sleep, symptoms,
        vitals, other, healthRecords,
    ]

    /// Pages that are not a type's, listed by Browse in their category. Register a new kind of page here.
    static let pageEntries: [BrowseEntry] = [
        BrowseEntry(
            name: "Activity Rings", href: WebRoutes.activity.path(), category: activity.id,
            sampleTypes: [HKActivitySummaryTypeIdentifier]),
        BrowseEntry(
            name: "Electrocardiograms (ECG)", href: WebRoutes.electrocardiograms.path(), category: heart.id,
            sampleTypes: [HKObjectType.electrocardiogramType().identifier]),
        BrowseEntry(
            name: "Audiograms", href: WebRoutes.audiograms.path(), category: hearing.id,
            sampleTypes: [HKObjectType.audiogramSampleType().identifier]),
        BrowseEntry(
            name: "Medications", href: WebRoutes.medications.path(), category: medications.id,
            sampleTypes: [HKObjectType.medicationDoseEventType().identifier]),
        BrowseEntry(
            name: "State of Mind", href: WebRoutes.mind.path(), category: mind.id,
            sampleTypes: [HKObjectType.stateOfMindType().identifier]),
        BrowseEntry(
            name: "Vision Prescriptions", href: WebRoutes.vision.path(), category: other.id,
            sampleTypes: [HKObjectType.visionPrescriptionType().identifier]),
        BrowseEntry(
            name: "Clinical Records and Documents", href: WebRoutes.records.path(), category: healthRecords.id,
            sampleTypes: [HKDocumentTypeIdentifier.CDA.rawValue]
                + HealthWebApp.clinicalKinds.map { HKObjectType.clinicalType(forIdentifier: $0.0)!.identifier }),
    ]

    /// The categories of a type, the one the Summary lists it under first.
    static func categories(of type: HKObjectType) -> [HealthCategory] {
        let name = type.shortName
        if let listed = byType[name] { return listed }
        if name.hasPrefix("dietary") { return [nutrition] }
        if let category = type as? HKCategoryType {
            switch category.descriptor.valueEnum {
            case "HKCategoryValueSeverity", "HKCategoryValuePresence", "HKCategoryValueAppetiteChanges":
                return [symptoms]
            case "HKCategoryValueVaginalBleeding": return [cycle]
            default: break
            }
        }
        return [other]
    }

    private static let byType: [String: [HealthCategory]] = {
        var table: [String: [HealthCategory]] = [:]
        func add(_ names: String, _ categories: HealthCategory...) {
            for name in names.split(separator: " ") { table[String(name)] = categories }
        }
        add(
            "activeEnergyBurned basalEnergyBurned appleExerciseTime appleMoveTime appleStandTime appleStandHour "
                + "stepCount distanceWalkingRunning distanceCycling distanceSwimming distanceWheelchair "
                + "distanceDownhillSnowSports distanceCrossCountrySkiing distancePaddleSports distanceRowing "
                + "distanceSkatingSports swimmingStrokeCount pushCount flightsClimbed nikeFuel cyclingCadence "
                + "cyclingFunctionalThresholdPower cyclingPower cyclingSpeed crossCountrySkiingSpeed "
                + "paddleSportsSpeed rowingSpeed runningPower runningSpeed physicalEffort underwaterDepth "
                + "workoutEffortScore estimatedWorkoutEffortScore workout",
            activity)
        add("bodyMass bodyMassIndex bodyFatPercentage leanBodyMass height waistCircumference", body)
        add("appleSleepingWristTemperature", body, vitals)
        add(
            "basalBodyTemperature cervicalMucusQuality ovulationTestResult pregnancyTestResult "
                + "progesteroneTestResult intermenstrualBleeding sexualActivity contraceptive lactation pregnancy "
                + "infrequentMenstrualCycles irregularMenstrualCycles persistentIntermenstrualBleeding "
                + "prolongedMenstrualPeriods menopausalState",
            cycle)
        add(
            "environmentalAudioExposure environmentalSoundReduction headphoneAudioExposure audioExposureEvent "
                + "environmentalAudioExposureEvent headphoneAudioExposureEvent",
            hearing)
        add("heartRate", heart, vitals)
        add("bloodPressure", heart, vitals)
        add(
            "restingHeartRate walkingHeartRateAverage heartRateVariabilitySDNN heartRateVariabilityRMSSD "
                + "heartRateRecoveryOneMinute atrialFibrillationBurden vo2Max highHeartRateEvent lowHeartRateEvent "
                + "irregularHeartRhythmEvent lowCardioFitnessEvent hypertensionEvent",
            heart)
        add("mindfulSession", mind)
        add(
            "appleWalkingSteadiness appleWalkingSteadinessEvent runningGroundContactTime runningStrideLength "
                + "runningVerticalOscillation sixMinuteWalkTestDistance stairAscentSpeed stairDescentSpeed "
                + "walkingAsymmetryPercentage walkingDoubleSupportPercentage walkingSpeed walkingStepLength",
            mobility)
        add("food", nutrition)
        add("respiratoryRate oxygenSaturation", respiratory, vitals)
        add(
            "appleSleepingBreathingDisturbances forcedExpiratoryVolume1 forcedVitalCapacity inhalerUsage "
                + "peakExpiratoryFlowRate sleepApneaEvent",
            respiratory)
        add("sleepAnalysis", sleep)
        add("bodyTemperature bloodGlucose", vitals)
        return table
    }()
}
