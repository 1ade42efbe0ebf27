import OpenHealthKitModel

/// The codes and units a FHIR export writes (the table and its sources are in docs/FHIR.md).
enum FHIRCodes {
    static let loinc = "http://loinc.org"
    static let ucum = "http://unitsofmeasure.org"
    static let observationCategory = "http://terminology.hl7.org/CodeSystem/observation-category"
    /// OpenHealthKit's code systems: HealthKit's identifiers, as codes. Identifiers, not pages to resolve.
    static let healthKitType = "https://openhealthkit.org/fhir/CodeSystem/healthkit-type"
    static let healthKitCategoryValue = "https://openhealthkit.org/fhir/CodeSystem/healthkit-category-value"
    static let healthKitWorkoutActivityType =
        "https://openhealthkit.org/fhir/CodeSystem/healthkit-workout-activity-type"
    /// The extension that names the source (app or device) that recorded an observation.
    static let sourceNameExtension = "https://openhealthkit.org/fhir/StructureDefinition/source-name"

    struct Coding {
        let system: String
        let code: String
        let display: String
    }

    enum Category: String {
        case vitalSigns = "vital-signs"
        case activity
        case laboratory
        case procedure
        case survey

        var display: String {
            switch self {
            case .vitalSigns: "Vital Signs"
            case .activity: "Activity"
            case .laboratory: "Laboratory"
            case .procedure: "Procedure"
            case .survey: "Survey"
            }
        }
    }

    /// How a HealthKit quantity type becomes an Observation.
    struct Mapping {
        /// LOINC codings, the one the profile requires first.
        let loinc: [Coding]
        let category: Category?
        /// The FHIR R4 profile (`http://hl7.org/fhir/StructureDefinition/…`) the Observation follows.
        let profile: String?
        /// The HealthKit unit the value is written in.
        let unit: String?
        /// The UCUM code the profile requires, when it is not the HealthKit unit's own (BMI's `kg/m2` for `count`).
        let ucum: String?

        init(_ loinc: [Coding], _ category: Category?, profile: String? = nil, unit: String? = nil, ucum: String? = nil)
        {
            self.loinc = loinc
            self.category = category
            self.profile = profile.map { "http://hl7.org/fhir/StructureDefinition/" + $0 }
            self.unit = unit
            self.ucum = ucum
        }
    }

    static func loinc(_ code: String, _ display: String) -> Coding {
        Coding(system: loinc, code: code, display: display)
    }

    static let systolic = loinc("8480-6", "Systolic blood pressure")
    static let diastolic = loinc("8462-4", "Diastolic blood pressure")
    static let bloodPressurePanel = Mapping(
        [loinc("85354-9", "Blood pressure panel with all children optional")], .vitalSigns, profile: "bp", unit: "mmHg")
    /// An electrocardiogram: the study, its leads' voltages (ISO/IEEE 11073 MDC codes, as FHIR's own EKG example
    /// writes them), its impression (the device's classification) and the heart rate.
    static let electrocardiogramStudy = loinc("11524-6", "EKG study")
    static let mdc = "urn:oid:2.16.840.1.113883.6.24"
    static let electricPotential = Coding(system: mdc, code: "131328", display: "MDC_ECG_ELEC_POTL")
    static let leadI = Coding(system: mdc, code: "131329", display: "MDC_ECG_ELEC_POTL_I")
    static let electrocardiogramImpression = loinc("8601-7", "EKG impression")
    static let heartRate = loinc("8867-4", "Heart rate")
    static let exerciseActivity = loinc("73985-4", "Exercise activity")
    static let exerciseDuration = loinc("55411-3", "Exercise duration")
    static let caloriesBurned = loinc("55424-6", "Calories burned in unspecified time Pedometer")

    /// By quantity type short name. Types not listed get OpenHealthKit's code alone.
    static let quantityTypes: [String: Mapping] = [
        "heartRate": Mapping([loinc("8867-4", "Heart rate")], .vitalSigns, profile: "heartrate", unit: "count/min"),
        "respiratoryRate": Mapping(
            [loinc("9279-1", "Respiratory rate")], .vitalSigns, profile: "resprate", unit: "count/min"),
        "bodyTemperature": Mapping(
            [loinc("8310-5", "Body temperature")], .vitalSigns, profile: "bodytemp", unit: "degC"),
        "bodyMass": Mapping([loinc("29463-7", "Body weight")], .vitalSigns, profile: "bodyweight", unit: "kg"),
        "height": Mapping([loinc("8302-2", "Body height")], .vitalSigns, profile: "bodyheight", unit: "cm"),
        "bodyMassIndex": Mapping(
            [loinc("39156-5", "Body mass index (BMI) [Ratio]")], .vitalSigns, profile: "bmi", unit: "count",
            ucum: "kg/m2"),
        "oxygenSaturation": Mapping(
            [
                loinc("2708-6", "Oxygen saturation in Arterial blood"),
                loinc("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry"),
            ],
            .vitalSigns, profile: "oxygensat", unit: "%"),
        "bloodPressureSystolic": Mapping([systolic], .vitalSigns, unit: "mmHg"),
        "bloodPressureDiastolic": Mapping([diastolic], .vitalSigns, unit: "mmHg"),
        "waistCircumference": Mapping(
            [loinc("8280-0", "Waist Circumference at umbilicus by Tape measure")], .vitalSigns, unit: "cm"),
        "restingHeartRate": Mapping([loinc("40443-4", "Heart rate --resting")], .activity, unit: "count/min"),
        "activeEnergyBurned": Mapping([caloriesBurned], .activity, unit: "kcal"),
        "bloodGlucose": Mapping([loinc("2339-0", "Glucose [Mass/volume] in Blood")], .laboratory, unit: "mg/dL"),
    ]

    /// Types without a LOINC code that still have a category: the physical activity types.
    static let activityTypes: Set<String> = [
        "stepCount", "distanceWalkingRunning", "distanceCycling", "distanceSwimming", "distanceWheelchair",
        "distanceDownhillSnowSports", "distanceCrossCountrySkiing", "distancePaddleSports", "distanceRowing",
        "distanceSkatingSports", "flightsClimbed", "pushCount", "swimmingStrokeCount", "appleExerciseTime",
        "appleMoveTime",
        "appleStandTime", "basalEnergyBurned", "nikeFuel", "vo2Max", "walkingSpeed", "runningSpeed", "cyclingSpeed",
        "cyclingPower", "cyclingCadence", "runningPower", "physicalEffort",
    ]

    /// The UCUM code of a HealthKit unit, and the factor from the HealthKit value to the UCUM one (HealthKit's `%` is
    /// a fraction: 0.96 is 96 %); nil for a unit UCUM lacks (`dBASPL`, `appleEffortScore`).
    static func ucum(for unit: HKUnit) -> (code: String, factor: Double)? {
        ucumByUnit.first { $0.unit == unit }.map { ($0.code, $0.factor) }
    }

    /// Units are matched by value, not by text: `ml/(kg*min)` and `mL/min·kg` are one unit.
    private static let ucumByUnit: [(unit: HKUnit, code: String, factor: Double)] = ucumUnits.compactMap { text, ucum in
        (try? HKUnit(parsing: text)).map { ($0, ucum.code, ucum.factor) }
    }

    private static let ucumUnits: [String: (code: String, factor: Double)] = [
        "count": ("1", 1), "count/min": ("/min", 1), "count/s": ("/s", 1), "%": ("%", 100),
        "kg": ("kg", 1), "g": ("g", 1), "mg": ("mg", 1), "mcg": ("ug", 1), "lb": ("[lb_av]", 1), "oz": ("[oz_av]", 1),
        "cm": ("cm", 1), "m": ("m", 1), "km": ("km", 1), "mm": ("mm", 1), "in": ("[in_i]", 1), "ft": ("[ft_i]", 1),
        "yd": ("[yd_i]", 1), "mi": ("[mi_i]", 1),
        "kcal": ("kcal", 1), "Cal": ("kcal", 1), "kJ": ("kJ", 1), "J": ("J", 1),
        "degC": ("Cel", 1), "degF": ("[degF]", 1), "mmHg": ("mm[Hg]", 1), "mg/dL": ("mg/dL", 1),
        "ms": ("ms", 1), "s": ("s", 1), "min": ("min", 1), "hr": ("h", 1), "d": ("d", 1),
        "mL": ("mL", 1), "L": ("L", 1), "fl_oz_us": ("[foz_us]", 1), "L/min": ("L/min", 1),
        "ml/(kg*min)": ("mL/(kg.min)", 1), "kcal/(kg*hr)": ("kcal/(kg.h)", 1),
        "km/hr": ("km/h", 1), "m/s": ("m/s", 1), "mi/hr": ("[mi_i]/h", 1), "W": ("W", 1), "IU": ("[iU]", 1),
        "S": ("S", 1),
        "lx": ("lx", 1),
    ]
}
