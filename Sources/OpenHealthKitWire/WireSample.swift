public import Foundation
public import OpenHealthKitModel

/// A sample on the wire. The type's raw identifier says which fields it has:
/// - quantity types: `quantity`;
/// - category types: `value` (the raw value of the type's enumeration);
/// - correlation types: `objects`, the member samples;
/// - the workout type: `workoutActivityType` (raw value), `duration` (seconds; computed from the dates and pause
///   events when omitted on input), `workoutEvents`, the totals, `workoutActivities`, `statistics`, and on input
///   `associatedSamples` (stored samples to associate with it as it is saved: a workout builder's);
/// - the workout route type: `count` (its number of locations; on output only: routes are saved with their
///   locations through `POST /v1/workouts/routes`);
/// - quantity types, a sample of several quantities: `series` (healthd writes its summary) and, to save one,
///   `seriesQuantities`;
/// - heartbeat series: `count` (healthd writes it) and, to save one, `heartbeats`;
/// - electrocardiograms: `electrocardiogram` (healthd writes it; apps cannot save electrocardiograms);
/// - audiograms: `sensitivityPoints`;
/// - clinical types: `clinicalRecord`; the CDA document type: `cdaDocument`; the state of mind type: `stateOfMind`;
///   the GAD-7 and PHQ-9 types: `answers` (raw values in question order); the dose event type: `medicationDoseEvent`;
///   the vision prescription type: `visionPrescription`.
///
/// `sourceRevision` is set by healthd on what it returns; on input it is ignored (the store stamps the saver's).
public struct WireSample: Codable, Sendable, Hashable {
    /// The object's UUID.
    public var uuid: UUID
    /// The raw identifier of the sample's type.
    public var type: String
    /// When the sample starts.
    public var startDate: WireDate
    /// When the sample ends (equal to the start for an instantaneous sample).
    public var endDate: WireDate
    /// The device that produced the sample; nil when unknown.
    public var device: WireDevice?
    /// The sample's metadata; nil when it has none.
    public var metadata: [String: WireMetadataValue]?
    /// The source revision that saved the sample; set by healthd, ignored on input.
    public var sourceRevision: WireSourceRevision?

    /// A quantity sample's value and unit.
    public var quantity: WireQuantity?
    /// A category sample's value: the raw value of the type's value enumeration (0 for `notApplicable` types).
    public var value: Int?
    /// A correlation's member samples.
    public var objects: [WireSample]?

    /// A workout's `HKWorkoutActivityType` raw value.
    public var workoutActivityType: UInt?
    /// A workout's duration in seconds (end minus start, less pauses); computed when omitted on input.
    public var duration: Double?
    /// A workout's events (pauses, laps, segments, markers).
    public var workoutEvents: [WireWorkoutEvent]?
    /// A workout's total energy burned (an energy quantity).
    public var totalEnergyBurned: WireQuantity?
    /// A workout's total distance (a length quantity).
    public var totalDistance: WireQuantity?
    /// A workout's total swimming stroke count (a `count` quantity).
    public var totalSwimmingStrokeCount: WireQuantity?
    /// A workout's total flights climbed (a `count` quantity).
    public var totalFlightsClimbed: WireQuantity?
    /// A workout's activities.
    public var workoutActivities: [WireWorkoutActivity]?
    /// A workout's own statistics.
    public var statistics: [WireWorkoutStatistics]?
    /// On input, the UUIDs of stored samples to associate with the workout as it is saved.
    public var associatedSamples: [UUID]?

    /// A quantity sample of several quantities: their summary (written by healthd, ignored on input).
    public var series: WireSeriesSummary?
    /// A quantity series being saved: its quantities by start date, values in the unit of `quantity`.
    public var seriesQuantities: [WireSeriesQuantity]?
    /// A heartbeat series' number of beats, a route's number of locations (written by healthd, ignored on input).
    public var count: Int?
    /// A heartbeat series being saved: its beats in the order written.
    public var heartbeats: [WireHeartbeat]?
    /// An electrocardiogram's summary (written by healthd).
    public var electrocardiogram: WireElectrocardiogram?
    /// An audiogram's points, by ascending frequency.
    public var sensitivityPoints: [WireSensitivityPoint]?
    /// A clinical record's FHIR resource.
    public var clinicalRecord: WireClinicalRecord?
    /// A CDA document.
    public var cdaDocument: WireCDADocument?
    /// A state of mind.
    public var stateOfMind: WireStateOfMind?
    /// A scored assessment's answers, as raw values in question order.
    public var answers: [Int]?
    /// A medication dose event.
    public var medicationDoseEvent: WireMedicationDoseEvent?
    /// A vision prescription.
    public var visionPrescription: WireVisionPrescription?

    /// A sample with its identity and dates; set the fields of its kind afterwards.
    public init(uuid: UUID = UUID(), type: String, startDate: Date, endDate: Date) {
        self.uuid = uuid
        self.type = type
        self.startDate = WireDate(startDate)
        self.endDate = WireDate(endDate)
    }
}

/// A workout event: `{"type": 1, "startDate": ..., "endDate": ..., "metadata": {...}}`, `type` being the
/// `HKWorkoutEventType` raw value.
public struct WireWorkoutEvent: Codable, Sendable, Hashable {
    /// The `HKWorkoutEventType` raw value.
    public var type: Int
    /// When the event starts.
    public var startDate: WireDate
    /// When the event ends (equal to the start for an instantaneous event).
    public var endDate: WireDate
    /// The event's metadata; nil when it has none.
    public var metadata: [String: WireMetadataValue]?

    /// The wire form of a workout event.
    public init(_ event: HKWorkoutEvent) {
        type = event.type.rawValue
        startDate = WireDate(event.dateInterval.start)
        endDate = WireDate(event.dateInterval.end)
        metadata = WireMetadata.encode(event.metadata)
    }

    /// The event; an unknown type or a start after the end is an invalid argument.
    public func event() throws -> HKWorkoutEvent {
        guard let eventType = HKWorkoutEventType(rawValue: type) else {
            throw HKError.invalidArgument("\(type) is not an HKWorkoutEventType raw value")
        }
        guard startDate.date <= endDate.date else {
            throw HKError.invalidArgument("A workout event's start date must not be after its end date")
        }
        return HKWorkoutEvent(
            type: eventType, dateInterval: DateInterval(start: startDate.date, end: endDate.date),
            metadata: try WireMetadata.decode(metadata))
    }
}

/// What is left of a deleted object: its UUID and, for synced objects, the sync identifier and version metadata.
public struct WireDeletedObject: Codable, Sendable, Hashable {
    /// The deleted object's UUID.
    public var uuid: UUID
    /// The metadata HealthKit keeps on a deleted object (sync identifier and version); nil when none.
    public var metadata: [String: WireMetadataValue]?

    /// The wire form of a deleted object.
    public init(_ object: HKDeletedObject) {
        uuid = object.uuid
        metadata = WireMetadata.encode(object.metadata)
    }

    /// The deleted object; metadata that does not decode is an error.
    public var deletedObject: HKDeletedObject {
        get throws { HKDeletedObject(uuid: uuid, metadata: try WireMetadata.decode(metadata)) }
    }
}
