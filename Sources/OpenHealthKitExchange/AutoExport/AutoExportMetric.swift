import OpenHealthKitModel

/// What a Health Auto Export metric name becomes in HealthKit. docs/INGEST.md lists every name.
enum AutoExportMetric {
    /// `{qty, date}` records: a quantity sample of the type, in the metric's `units`.
    case quantity(HKQuantityType)
    /// `{Min, Avg, Max, date}`: a heart-rate sample of `Avg` (its extremes in metadata when they differ).
    case heartRate
    /// `{systolic, diastolic, date}`: a blood-pressure correlation of the two.
    case bloodPressure
    /// Stages (`startDate`, `endDate`, `value`) or a night's totals (`totalSleep`, `core`, `deep`, `rem`, `inBed`...).
    case sleepAnalysis
    /// `{qty, date, mealTime}`: a blood-glucose sample, its meal time in `HKMetadataKeyBloodGlucoseMealTime`.
    case bloodGlucose
    /// `{qty, date, reason}`: an insulin-delivery sample, its reason in `HKMetadataKeyInsulinDeliveryReason`.
    case insulinDelivery
    /// `{qty, date}` with `qty` the minutes of a session: a category sample lasting that long (mindful minutes).
    case session(HKCategoryType)
    /// `{qty, date}` with `qty` the seconds of an event (`value` Complete or Incomplete): handwashing, toothbrushing.
    case timedEvent(HKCategoryType)
    /// `{qty, date}`, an hour stood when `qty` is above zero.
    case standHour
    /// `{qty, date}` counting events at that moment (heart-rate notifications, in older versions of the app).
    case event(HKCategoryType)
    /// `{Unspecified, Protection Used, Protection Not Used, date}`: that many sexual-activity samples of each kind.
    case sexualActivity

    /// The metric of a name; nil for a name this version does not know (its records are refused, naming it).
    static func named(_ name: String) -> AutoExportMetric? {
        let name = AutoExportMetricNames.aliases[name] ?? name
        if let special = special[name] { return special }
        if let identifier = AutoExportMetricNames.quantityTypes[name],
            let type = HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
        {
            return .quantity(type)
        }
        return nil
    }

    /// The HealthKit type identifier the metric's records become.
    var typeIdentifier: String {
        switch self {
        case .quantity(let type): type.identifier
        case .heartRate: HKQuantityTypeIdentifier.heartRate.rawValue
        case .bloodPressure: HKCorrelationTypeIdentifier.bloodPressure.rawValue
        case .sleepAnalysis: HKCategoryTypeIdentifier.sleepAnalysis.rawValue
        case .bloodGlucose: HKQuantityTypeIdentifier.bloodGlucose.rawValue
        case .insulinDelivery: HKQuantityTypeIdentifier.insulinDelivery.rawValue
        case .session(let type), .timedEvent(let type), .event(let type): type.identifier
        case .standHour: HKCategoryTypeIdentifier.appleStandHour.rawValue
        case .sexualActivity: HKCategoryTypeIdentifier.sexualActivity.rawValue
        }
    }

    static let special: [String: AutoExportMetric] = [
        "heart_rate": .heartRate,
        "blood_pressure": .bloodPressure,
        "sleep_analysis": .sleepAnalysis,
        "blood_glucose": .bloodGlucose,
        "insulin_delivery": .insulinDelivery,
        "mindful_minutes": .session(HKCategoryType(.mindfulSession)),
        "handwashing": .timedEvent(HKCategoryType(.handwashingEvent)),
        "toothbrushing": .timedEvent(HKCategoryType(.toothbrushingEvent)),
        "apple_stand_hour": .standHour,
        "sexual_activity": .sexualActivity,
        "high_heart_rate_notifications": .event(HKCategoryType(.highHeartRateEvent)),
        "low_heart_rate_notifications": .event(HKCategoryType(.lowHeartRateEvent)),
        "irregular_heart_rate_notifications": .event(HKCategoryType(.irregularHeartRhythmEvent)),
    ]
}
