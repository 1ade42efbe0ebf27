public import Foundation
public import OpenHealthKitModel

/// A sample on the wire. The type's raw identifier says which fields it has:
/// - quantity types: `quantity`;
/// - category types: `value` (the raw value of the type's enumeration);
/// - correlation types: `objects`, the member samples;
/// - the workout type: `workoutActivityType` (raw value), `duration` (seconds; computed from the dates and pause
///   events when omitted on input), `workoutEvents` and the totals.
///
/// `sourceRevision` is set by healthd on what it returns; on input it is ignored (the store stamps the saver's).
public struct WireSample: Codable, Sendable, Hashable {
    public var uuid: UUID
    public var type: String
    public var startDate: WireDate
    public var endDate: WireDate
    public var device: WireDevice?
    public var metadata: [String: WireMetadataValue]?
    public var sourceRevision: WireSourceRevision?

    public var quantity: WireQuantity?
    public var value: Int?
    public var objects: [WireSample]?

    public var workoutActivityType: UInt?
    public var duration: Double?
    public var workoutEvents: [WireWorkoutEvent]?
    public var totalEnergyBurned: WireQuantity?
    public var totalDistance: WireQuantity?
    public var totalSwimmingStrokeCount: WireQuantity?
    public var totalFlightsClimbed: WireQuantity?

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
    public var type: Int
    public var startDate: WireDate
    public var endDate: WireDate
    public var metadata: [String: WireMetadataValue]?

    public init(_ event: HKWorkoutEvent) {
        type = event.type.rawValue
        startDate = WireDate(event.dateInterval.start)
        endDate = WireDate(event.dateInterval.end)
        metadata = WireMetadata.encode(event.metadata)
    }

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
    public var uuid: UUID
    public var metadata: [String: WireMetadataValue]?

    public init(_ object: HKDeletedObject) {
        uuid = object.uuid
        metadata = WireMetadata.encode(object.metadata)
    }

    public var deletedObject: HKDeletedObject {
        get throws { HKDeletedObject(uuid: uuid, metadata: try WireMetadata.decode(metadata)) }
    }
}
