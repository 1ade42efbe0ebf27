package import Foundation

/// One transaction's worth of what a Health export import stores: sample rows (with their original sources) and the
/// records that HealthKit objects do not cover yet (heartbeats, route locations, audiogram points, workout statistics
/// and activities, activity summaries, clinical records, and records of types the catalog does not know).
///
/// Children refer to their parent sample by UUID; a parent and its children always travel in the same batch.
package struct ImportBatch: Sendable {
    package var samples: [SampleRow] = []
    package var heartbeats: [HeartbeatRow] = []
    package var locations: [RouteLocationRow] = []
    package var audiogramPoints: [AudiogramPointRow] = []
    package var workoutStatistics: [WorkoutStatisticsRow] = []
    package var workoutActivities: [WorkoutActivityRow] = []
    package var activitySummaries: [ActivitySummaryRow] = []
    package var clinicalRecords: [ClinicalRecordRow] = []
    package var unrecognized: [UnrecognizedRecordRow] = []

    package init() {}

    /// How many rows of any kind the batch holds.
    package var rowCount: Int {
        samples.count + heartbeats.count + locations.count + audiogramPoints.count + workoutStatistics.count
            + workoutActivities.count + activitySummaries.count + clinicalRecords.count + unrecognized.count
    }
}

/// What storing a batch did.
package struct ImportBatchResult: Sendable {
    /// For each sample of the batch, in order: whether it was newly stored (false: an equal sample was already there).
    package var stored: [Bool]
    /// For each unrecognized record of the batch, in order: whether it was newly stored.
    package var unrecognizedStored: [Bool]
    /// Activity summaries added or replaced by a later export's.
    package var activitySummariesStored = 0
    package var clinicalRecordsStored = 0
    package var heartbeatsStored = 0
    package var locationsStored = 0
    package var change: StoreChange

    package init(stored: [Bool], unrecognizedStored: [Bool], change: StoreChange) {
        self.stored = stored
        self.unrecognizedStored = unrecognizedStored
        self.change = change
    }
}

/// One instantaneous heart rate of a heart rate variability sample (the export's `InstantaneousBeatsPerMinute`).
package struct HeartbeatRow: Sendable, Equatable {
    package var sampleUUID: UUID
    /// The beat's place in the export's list.
    package var position: Int
    package var bpm: Double
    /// Seconds from the sample's start, when the exported time of day could be read.
    package var timeSinceStart: Double?
    /// The time of day exactly as exported (locale-formatted, e.g. `6:14:48.94 PM`).
    package var timeText: String

    package init(sampleUUID: UUID, position: Int, bpm: Double, timeSinceStart: Double?, timeText: String) {
        self.sampleUUID = sampleUUID
        self.position = position
        self.bpm = bpm
        self.timeSinceStart = timeSinceStart
        self.timeText = timeText
    }
}

/// One location of a workout route (a `Location` element or a GPX track point).
package struct RouteLocationRow: Sendable, Equatable {
    package var routeUUID: UUID
    /// Seconds since 1970.
    package var timestamp: Double
    package var latitude: Double
    package var longitude: Double
    /// Metres.
    package var altitude: Double?
    package var horizontalAccuracy: Double?
    package var verticalAccuracy: Double?
    /// Degrees from true north.
    package var course: Double?
    /// Metres per second.
    package var speed: Double?
    package var courseAccuracy: Double?
    package var speedAccuracy: Double?

    package init(
        routeUUID: UUID, timestamp: Double, latitude: Double, longitude: Double, altitude: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, course: Double? = nil, speed: Double? = nil,
        courseAccuracy: Double? = nil, speedAccuracy: Double? = nil
    ) {
        self.routeUUID = routeUUID
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.courseAccuracy = courseAccuracy
        self.speedAccuracy = speedAccuracy
    }
}

/// One frequency of an audiogram, in Hz and dBHL.
package struct AudiogramPointRow: Sendable, Equatable {
    package var sampleUUID: UUID
    package var position: Int
    package var frequency: Double
    package var leftEar: Double?
    package var rightEar: Double?
    /// The point's other exported attributes (masking, clamping ranges) as a JSON object, or nil.
    package var attributes: String?

    package init(sampleUUID: UUID, position: Int, frequency: Double, leftEar: Double?, rightEar: Double?, attributes: String?) {
        self.sampleUUID = sampleUUID
        self.position = position
        self.frequency = frequency
        self.leftEar = leftEar
        self.rightEar = rightEar
        self.attributes = attributes
    }
}

/// A workout's (or one of its activities') statistics for one quantity type, in the exported unit.
package struct WorkoutStatisticsRow: Sendable, Equatable {
    package var workoutUUID: UUID
    /// The activity the statistics belong to; nil for the whole workout.
    package var activityUUID: UUID?
    package var typeIdentifier: String
    package var startDate: Double?
    package var endDate: Double?
    package var average: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var sum: Double?
    package var unit: String?

    package init(
        workoutUUID: UUID, activityUUID: UUID?, typeIdentifier: String, startDate: Double?, endDate: Double?,
        average: Double?, minimum: Double?, maximum: Double?, sum: Double?, unit: String?
    ) {
        self.workoutUUID = workoutUUID
        self.activityUUID = activityUUID
        self.typeIdentifier = typeIdentifier
        self.startDate = startDate
        self.endDate = endDate
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.sum = sum
        self.unit = unit
    }
}

/// One activity of a multi-activity workout (`WorkoutActivity`).
package struct WorkoutActivityRow: Sendable, Equatable {
    package var workoutUUID: UUID
    /// The activity's own UUID, as exported.
    package var uuid: UUID
    package var startDate: Double
    package var endDate: Double?
    /// Seconds.
    package var duration: Double?
    /// Metadata as JSON (see `MetadataCoding`).
    package var metadata: String?
    /// Events as JSON (see `WorkoutEventCoding`).
    package var events: String?

    package init(workoutUUID: UUID, uuid: UUID, startDate: Double, endDate: Double?, duration: Double?, metadata: String?, events: String?) {
        self.workoutUUID = workoutUUID
        self.uuid = uuid
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration
        self.metadata = metadata
        self.events = events
    }
}

/// One day's activity rings. Energy in kcal, times in minutes, stand hours as counts.
package struct ActivitySummaryRow: Sendable, Equatable {
    /// The day, `yyyy-MM-dd` (the export's `dateComponents`).
    package var date: String
    package var activeEnergyBurned: Double?
    package var activeEnergyBurnedGoal: Double?
    package var appleMoveTime: Double?
    package var appleMoveTimeGoal: Double?
    package var appleExerciseTime: Double?
    package var appleExerciseTimeGoal: Double?
    package var appleStandHours: Double?
    package var appleStandHoursGoal: Double?
    /// When the export that holds it was made (seconds since 1970): a later export's day replaces an earlier one's.
    package var exportDate: Double?

    package init(date: String) {
        self.date = date
    }
}

/// A clinical record and its FHIR resource.
package struct ClinicalRecordRow: Sendable, Equatable {
    package var uuid: UUID
    package var typeIdentifier: String
    /// The FHIR resource's identifier, as exported.
    package var identifier: String
    package var sourceName: String
    package var sourceURL: String?
    package var fhirVersion: String?
    package var receivedDate: Double?
    package var resourceFilePath: String?
    /// The FHIR resource's `resourceType`, when the resource could be read.
    package var resourceType: String?
    /// The FHIR resource's JSON text, or nil when the export lacks its file.
    package var resource: String?

    package init(
        uuid: UUID, typeIdentifier: String, identifier: String, sourceName: String, sourceURL: String?, fhirVersion: String?,
        receivedDate: Double?, resourceFilePath: String?, resourceType: String?, resource: String?
    ) {
        self.uuid = uuid
        self.typeIdentifier = typeIdentifier
        self.identifier = identifier
        self.sourceName = sourceName
        self.sourceURL = sourceURL
        self.fhirVersion = fhirVersion
        self.receivedDate = receivedDate
        self.resourceFilePath = resourceFilePath
        self.resourceType = resourceType
        self.resource = resource
    }
}

/// An exported record no HealthKit type of the catalog describes (a newer type, a vision prescription), kept verbatim.
package struct UnrecognizedRecordRow: Sendable, Equatable {
    package var uuid: UUID
    /// The element name, e.g. `Record` or `VisionPrescription`.
    package var element: String
    package var typeIdentifier: String?
    package var startDate: Double?
    package var endDate: Double?
    package var sourceName: String?
    /// Every attribute of the element, as a JSON object of strings.
    package var attributes: String
    /// The child elements, as a JSON array of `{"element": name, "attributes": {...}}`, or nil.
    package var children: String?

    package init(
        uuid: UUID, element: String, typeIdentifier: String?, startDate: Double?, endDate: Double?, sourceName: String?,
        attributes: String, children: String?
    ) {
        self.uuid = uuid
        self.element = element
        self.typeIdentifier = typeIdentifier
        self.startDate = startDate
        self.endDate = endDate
        self.sourceName = sourceName
        self.attributes = attributes
        self.children = children
    }
}
