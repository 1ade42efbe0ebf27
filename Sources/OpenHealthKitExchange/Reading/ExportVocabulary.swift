/// The elements of a Health export document (every export version up to 14).
enum ExportElement: Int, CaseIterable {
    case healthData, exportDate, me, record, metadataEntry, heartRateVariabilityMetadataList,
        instantaneousBeatsPerMinute
    case correlation, workout, workoutEvent, workoutStatistics, workoutActivity, workoutRoute, location, fileReference
    case activitySummary, clinicalRecord, audiogram, sensitivityPoint

    /// The name in the document: the case name with a capital first letter.
    var name: String {
        let name = String(describing: self)
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}

/// The attributes the reader looks up by name (others are read by iterating: `Me`, unknown elements).
enum ExportAttribute: Int, CaseIterable {
    case type, unit, value, sourceName, sourceVersion, device, creationDate, startDate, endDate
    case key, locale, workoutActivityType, duration, durationUnit
    case totalDistance, totalDistanceUnit, totalEnergyBurned, totalEnergyBurnedUnit
    case date, path, latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, course, speed
    case courseAccuracy, speedAccuracy, bpm, time, uuid, average, minimum, maximum, sum
    case dateComponents, activeEnergyBurned, activeEnergyBurnedGoal, activeEnergyBurnedUnit
    case appleMoveTime, appleMoveTimeGoal, appleMoveMinutes, appleMoveMinutesGoal
    case appleExerciseTime, appleExerciseTimeGoal, appleStandHours, appleStandHoursGoal
    case identifier, sourceURL, fhirVersion, receivedDate, resourceFilePath
    case frequencyValue, frequencyUnit, leftEarValue, leftEarUnit, rightEarValue, rightEarUnit

    var name: String { String(describing: self) }
}

extension SAXVocabulary {
    /// The export document's vocabulary. The parser can pick the document up again at any element that Apple writes
    /// on a line of its own at the top level.
    static let healthExport = SAXVocabulary(
        elements: ExportElement.allCases.map(\.name),
        attributes: ExportAttribute.allCases.map(\.name),
        restartElements: [
            "Record", "Correlation", "Workout", "ActivitySummary", "ClinicalRecord", "Audiogram", "VisionPrescription",
            "ExportDate", "Me", "HealthData",
        ],
        root: "HealthData",
        wantsCharacters: false)
}

extension XMLAttributes {
    func bytes(_ attribute: ExportAttribute) -> UnsafeBufferPointer<UInt8>? {
        bytes(attribute.rawValue)
    }

    func string(_ attribute: ExportAttribute) -> String? {
        string(attribute.rawValue)
    }

    func number(_ attribute: ExportAttribute) -> Double? {
        bytes(attribute.rawValue).flatMap(ExportText.number)
    }

    func date(_ attribute: ExportAttribute) -> ExportDate? {
        bytes(attribute.rawValue).flatMap(ExportDateParser.date)
    }
}
