import Foundation
import OpenHealthKitModel

/// How types appear on the pages and in their addresses: `/types/stepCount`, "Steps". Names are the ones Apple's
/// Health app shows ("Weight" for `bodyMass`, "Blood Oxygen" for `oxygenSaturation`); a type Health has no special
/// name for reads as the words of its short name (`dietaryVitaminB12` → "Vitamin B12").
enum PageTypeNames {
    /// Health's names, by short name.
    private static let healthNames: [String: String] = [
        // Activity
        "activeEnergyBurned": "Active Energy", "basalEnergyBurned": "Resting Energy",
        "appleExerciseTime": "Exercise Minutes", "appleMoveTime": "Move Minutes", "appleStandTime": "Stand Minutes",
        "appleStandHour": "Stand Hours", "stepCount": "Steps", "distanceWalkingRunning": "Walking + Running Distance",
        "distanceCycling": "Cycling Distance", "distanceSwimming": "Swimming Distance",
        "distanceWheelchair": "Wheelchair Distance", "distanceDownhillSnowSports": "Downhill Snow Sports Distance",
        "distanceCrossCountrySkiing": "Cross-Country Skiing Distance", "distancePaddleSports": "Paddling Distance",
        "distanceRowing": "Rowing Distance", "distanceSkatingSports": "Skating Distance",
        "swimmingStrokeCount": "Swimming Strokes", "pushCount": "Pushes", "nikeFuel": "NikeFuel",
        "cyclingFunctionalThresholdPower": "Cycling FTP", "workoutEffortScore": "Workout Effort",
        "estimatedWorkoutEffortScore": "Estimated Workout Effort", "workout": "Workouts",
        // Body
        "bodyMass": "Weight", "bodyMassIndex": "Body Mass Index", "bodyFatPercentage": "Body Fat Percentage",
        "appleSleepingWristTemperature": "Wrist Temperature",
        // Heart
        "heartRateVariabilitySDNN": "Heart Rate Variability",
        "heartRateVariabilityRMSSD": "Heart Rate Variability (RMSSD)",
        "vo2Max": "Cardio Fitness", "heartRateRecoveryOneMinute": "Cardio Recovery",
        "atrialFibrillationBurden": "AFib History", "highHeartRateEvent": "High Heart Rate Notifications",
        "lowHeartRateEvent": "Low Heart Rate Notifications",
        "irregularHeartRhythmEvent": "Irregular Rhythm Notifications",
        "lowCardioFitnessEvent": "Cardio Fitness Notifications", "hypertensionEvent": "Hypertension Notifications",
        "bloodPressureSystolic": "Systolic Blood Pressure", "bloodPressureDiastolic": "Diastolic Blood Pressure",
        // Respiratory, vitals
        "oxygenSaturation": "Blood Oxygen", "forcedExpiratoryVolume1": "Forced Expiratory Volume, 1 sec",
        "appleSleepingBreathingDisturbances": "Breathing Disturbances",
        "sleepApneaEvent": "Sleep Apnea Notifications",
        // Hearing
        "environmentalAudioExposure": "Environmental Sound Levels", "headphoneAudioExposure": "Headphone Audio Levels",
        "environmentalSoundReduction": "Environmental Sound Reduction",
        "audioExposureEvent": "Noise Notifications", "environmentalAudioExposureEvent": "Noise Notifications",
        "headphoneAudioExposureEvent": "Headphone Notifications",
        // Mobility
        "appleWalkingSteadiness": "Walking Steadiness",
        "appleWalkingSteadinessEvent": "Walking Steadiness Notifications",
        "walkingAsymmetryPercentage": "Walking Asymmetry", "walkingDoubleSupportPercentage": "Double Support Time",
        "sixMinuteWalkTestDistance": "Six-Minute Walk", "stairAscentSpeed": "Stair Speed: Up",
        "stairDescentSpeed": "Stair Speed: Down", "runningGroundContactTime": "Ground Contact Time",
        "runningVerticalOscillation": "Vertical Oscillation",
        // Nutrition
        "dietaryEnergyConsumed": "Dietary Energy", "dietaryWater": "Water", "dietaryFatTotal": "Total Fat",
        "dietaryFatSaturated": "Saturated Fat", "dietaryFatMonounsaturated": "Monounsaturated Fat",
        "dietaryFatPolyunsaturated": "Polyunsaturated Fat", "dietaryFiber": "Fiber", "dietarySugar": "Sugar",
        "food": "Food",
        // Sleep, mindfulness, cycle tracking, symptoms
        "sleepAnalysis": "Sleep", "mindfulSession": "Mindful Minutes", "menstrualFlow": "Menstruation",
        "intermenstrualBleeding": "Spotting",
        "rapidPoundingOrFlutteringHeartbeat": "Rapid, Pounding, or Fluttering Heartbeat",
        "generalizedBodyAche": "Body and Muscle Ache", "chestTightnessOrPain": "Chest Tightness or Pain",
        "lossOfSmell": "Loss of Smell", "lossOfTaste": "Loss of Taste",
        // Other
        "uvExposure": "UV Index", "timeInDaylight": "Time in Daylight", "numberOfTimesFallen": "Number of Times Fallen",
        "numberOfAlcoholicBeverages": "Alcoholic Beverages", "handwashingEvent": "Handwashing",
        "toothbrushingEvent": "Toothbrushing", "bloodPressure": "Blood Pressure",
        // Kinds with pages of their own (an import's summary names them too)
        "workoutRoute": "Workout Routes", "cdaDocument": "Clinical Documents", "stateOfMind": "State of Mind",
        "gad7Assessment": "Anxiety Risk (GAD-7)", "phq9Assessment": "Depression Risk (PHQ-9)",
        "medicationDoseEvent": "Medication Doses", "visionPrescription": "Vision Prescriptions",
    ]

    /// A name for people, from a raw identifier or a short name.
    static func displayName(_ identifier: String) -> String {
        var short = HKObjectType.shortName(forRawIdentifier: identifier)
        // An identifier the catalog does not know (a newer one): its words after HealthKit's prefix.
        for prefix in identifierPrefixes where short.hasPrefix(prefix) && short.count > prefix.count {
            short = String(short.dropFirst(prefix.count))
            break
        }
        if let name = healthNames[short] { return name }
        if short.hasPrefix("dietary"), short.count > "dietary".count {
            return words(String(short.dropFirst("dietary".count)))
        }
        return words(short)
    }

    private static let identifierPrefixes = [
        "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCharacteristicTypeIdentifier",
        "HKCorrelationTypeIdentifier", "HKDataTypeIdentifier",
    ]

    /// `asleepCore` → "Asleep Core"; `dietaryVitaminB12` → "Dietary Vitamin B12"; `dateOfBirth` → "Date of Birth"
    /// (in title case, as Health writes its names, the small joining words after the first are lowercase).
    static func words(_ camelCase: String) -> String {
        var result = ""
        var previous: Character?
        for character in camelCase {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result.append(" ") }
            result.append(result.isEmpty ? Character(character.uppercased()) : character)
            previous = character
        }
        return result.split(separator: " ").enumerated().map { index, word in
            index > 0 && smallWords.contains(word.lowercased()) ? word.lowercased() : String(word)
        }.joined(separator: " ")
    }

    /// Joining words a title keeps lowercase. Not "a" (`vitaminA` is "Vitamin A") nor "on" (a case such as `lightsOn`).
    private static let smallWords: Set<String> = ["of", "and", "in", "to", "per", "the", "for", "with", "or"]

    /// The type a page address names (short name or raw identifier), if the pages show it: quantity, category and
    /// correlation types and workouts.
    static func sampleType(named name: String) -> HKSampleType? {
        guard let type = HKObjectType.type(named: name) as? HKSampleType else { return nil }
        return isBrowsable(type) ? type : nil
    }

    private static func isBrowsable(_ type: HKSampleType) -> Bool {
        type is HKQuantityType || type is HKCategoryType || type is HKWorkoutType || type is HKCorrelationType
    }

    /// Every type the pages show, by display name.
    static let browsableTypes: [HKSampleType] = {
        let quantities: [HKSampleType] = HealthKitCatalog.quantityTypes.map { HKQuantityType($0.identifier) }
        let categories: [HKSampleType] = HealthKitCatalog.categoryTypes
            .compactMap { HKObjectType.type(forRawIdentifier: $0.identifier.rawValue) as? HKSampleType }
        let correlations: [HKSampleType] = [
            HKCorrelationType(.bloodPressure), HKCorrelationType(.food),
        ]
        var seen: Set<String> = []
        return (quantities + categories + correlations + [HKObjectType.workoutType()])
            .filter { seen.insert($0.identifier).inserted }
            .sorted { displayName($0.identifier) < displayName($1.identifier) }
    }()
}
