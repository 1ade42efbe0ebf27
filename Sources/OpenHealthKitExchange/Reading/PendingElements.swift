import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// What every sample element of the export has: its type's name, source, device and dates.
struct SampleHeader {
    let line: Int
    let source: RecordSource
    let revision: RecordRevision
    let device: RecordDevice?
    let start: ExportDate
    let end: ExportDate

    var startDate: Date { Date(timeIntervalSince1970: start.seconds) }
    var endDate: Date { Date(timeIntervalSince1970: end.seconds) }
}

/// A `Record` whose children (metadata, heartbeats) are being read.
struct PendingRecord {
    let header: SampleHeader
    let type: RecordType
    let uuid: UUID
    let value: RecordDraft.Value
    /// Whether it is a member of the open correlation.
    let isMember: Bool
    /// A problem libxml2 reported inside the record: it is skipped.
    var problem: String?
}

/// A `Correlation` and the members read so far.
final class PendingCorrelation {
    let header: SampleHeader
    let type: HKCorrelationType
    let uuid: UUID
    var metadata: [(key: String, value: String)] = []
    var members: [HKQuantitySample] = []
    /// The members' types and lines, for the counts.
    var memberTypes: [(type: String, line: Int)] = []
    var problem: String?
    let depth: Int

    init(header: SampleHeader, type: HKCorrelationType, uuid: UUID, depth: Int) {
        self.header = header
        self.type = type
        self.uuid = uuid
        self.depth = depth
    }
}

/// A `WorkoutEvent`.
struct PendingEvent {
    let type: HKWorkoutEventType
    let interval: DateInterval
    var metadata: [(key: String, value: String)] = []
}

/// A `WorkoutStatistics`, as exported.
struct PendingStatistics {
    let typeIdentifier: String
    let startDate: Double?
    let endDate: Double?
    let average: Double?
    let minimum: Double?
    let maximum: Double?
    let sum: Double?
    let unit: String?
}

/// A `WorkoutActivity` and its children.
struct PendingActivity {
    let uuid: UUID
    let startDate: Double
    let endDate: Double?
    let duration: Double?
    var metadata: [(key: String, value: String)] = []
    var events: [PendingEvent] = []
    var statistics: [PendingStatistics] = []
}

/// A `WorkoutRoute`: inline `Location`s (older exports) or a GPX file (`FileReference`).
struct PendingRoute {
    let header: SampleHeader
    let uuid: UUID
    var metadata: [(key: String, value: String)] = []
    var locations: [RouteLocationRow] = []
    var filePath: String?
}

/// A `Workout` and its children.
final class PendingWorkout {
    let header: SampleHeader
    let uuid: UUID
    let activityType: HKWorkoutActivityType
    /// Seconds, when exported.
    let duration: Double?
    let totalEnergyBurned: HKQuantity?
    let totalDistance: HKQuantity?
    var metadata: [(key: String, value: String)] = []
    var events: [PendingEvent] = []
    var statistics: [PendingStatistics] = []
    var activities: [PendingActivity] = []
    /// The route being read, and the routes read.
    var openRoute: PendingRoute?
    var routes: [PendingRoute] = []
    var problem: String?

    init(
        header: SampleHeader, uuid: UUID, activityType: HKWorkoutActivityType, duration: Double?,
        totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?
    ) {
        self.header = header
        self.uuid = uuid
        self.activityType = activityType
        self.duration = duration
        self.totalEnergyBurned = totalEnergyBurned
        self.totalDistance = totalDistance
    }
}

/// An `Audiogram` and its points.
final class PendingAudiogram {
    let header: SampleHeader
    let typeIdentifier: String
    let uuid: UUID
    var metadata: [(key: String, value: String)] = []
    var points: [AudiogramPointRow] = []
    var problem: String?

    init(header: SampleHeader, typeIdentifier: String, uuid: UUID) {
        self.header = header
        self.typeIdentifier = typeIdentifier
        self.uuid = uuid
    }
}

/// An element kept verbatim: a record of a type the catalog does not know, or an element the reader does not
/// know (`VisionPrescription`), with everything inside it.
final class PendingUnrecognized {
    let line: Int
    let element: String
    let attributes: [String: String]
    let depth: Int
    var children: [[String: Any]] = []
    var problem: String?

    init(line: Int, element: String, attributes: [String: String], depth: Int) {
        self.line = line
        self.element = element
        self.attributes = attributes
        self.depth = depth
    }
}
