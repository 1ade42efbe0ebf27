package import Foundation
package import OpenHealthKitModel

/// The unit a quantity type is shown in when the user has not chosen one: by the measurement system of their locale
/// (pounds, inches, miles and degrees Fahrenheit in the US; miles for distances in the UK; metric elsewhere), and,
/// whatever the locale, the unit people read the type in when that is not its canonical unit (heart rate per minute
/// rather than per second, minerals in milligrams). HealthKit documents only that the default follows the locale;
/// this table is OpenHealthKit's choice (docs/WEB.md).
package enum PreferredUnitDefaults {
    package static func unit(for type: HKQuantityType, measurementSystem: Locale.MeasurementSystem) -> HKUnit {
        let name = type.name
        let unitString: String?
        switch measurementSystem {
        case .us: unitString = us[name] ?? everywhere[name]
        case .uk: unitString = uk[name] ?? everywhere[name]
        default: unitString = metric[name] ?? everywhere[name]
        }
        return unitString.flatMap { try? HKUnit(parsing: $0) } ?? type.canonicalUnit
    }

    /// Whatever the locale.
    private static let everywhere: [String: String] = {
        var units: [String: String] = [
            "heartRate": "count/min", "respiratoryRate": "count/min",
        ]
        for name in [
            "Caffeine", "Calcium", "Chloride", "Cholesterol", "Copper", "Iron", "Magnesium", "Manganese", "Niacin",
            "PantothenicAcid", "Phosphorus", "Potassium", "Riboflavin", "Sodium", "Thiamin", "VitaminB6", "VitaminC",
            "VitaminE", "Zinc",
        ] {
            units["dietary" + name] = "mg"
        }
        for name in [
            "Biotin", "Chromium", "Folate", "Iodine", "Molybdenum", "Selenium", "VitaminA", "VitaminB12", "VitaminD",
            "VitaminK",
        ] {
            units["dietary" + name] = "mcg"
        }
        return units
    }()

    private static let distances = [
        "distanceWalkingRunning", "distanceCycling", "distanceWheelchair", "distanceDownhillSnowSports",
        "distanceCrossCountrySkiing", "distancePaddleSports", "distanceRowing", "distanceSkatingSports",
    ]
    private static let speeds = [
        "walkingSpeed", "runningSpeed", "cyclingSpeed", "crossCountrySkiingSpeed", "paddleSportsSpeed", "rowingSpeed",
    ]

    private static let metric: [String: String] = {
        var units: [String: String] = ["height": "cm", "waistCircumference": "cm", "walkingStepLength": "cm"]
        for name in distances { units[name] = "km" }
        for name in speeds { units[name] = "km/hr" }
        return units
    }()

    private static let uk: [String: String] = {
        var units = metric
        for name in distances { units[name] = "mi" }
        for name in speeds { units[name] = "mi/hr" }
        return units
    }()

    private static let us: [String: String] = {
        var units: [String: String] = [
            "bodyMass": "lb", "leanBodyMass": "lb",
            "height": "in", "waistCircumference": "in", "walkingStepLength": "in", "runningStrideLength": "ft",
            "sixMinuteWalkTestDistance": "ft", "underwaterDepth": "ft", "distanceSwimming": "yd",
            // A wrist temperature is a deviation from a baseline: it stays in degrees Celsius, which an affine
            // conversion would turn into a meaningless absolute Fahrenheit value.
            "bodyTemperature": "degF", "basalBodyTemperature": "degF", "waterTemperature": "degF",
            "dietaryWater": "fl_oz_us",
        ]
        for name in distances { units[name] = "mi" }
        for name in speeds { units[name] = "mi/hr" }
        return units
    }()
}
