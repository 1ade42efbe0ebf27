package import Foundation

/// A stored sample as the storage sees it: plain values, canonical units, dates in seconds since 1970.
package struct SampleRow: Sendable, Equatable {
    package var uuid: UUID
    /// The type, source, revision and device, boxed (see ``Origin``).
    package var origin: Origin
    package var typeIdentifier: String {
        get { origin.typeIdentifier }
        set { origin = Origin(typeIdentifier: newValue, source: source, revision: revision, device: device) }
    }
    package var startDate: Double
    package var endDate: Double
    /// The quantity in the type's canonical unit, the category value, or the workout's duration in seconds.
    package var value: Double?
    package var source: SourceRow {
        get { origin.source }
        set { origin = Origin(typeIdentifier: typeIdentifier, source: newValue, revision: revision, device: device) }
    }
    package var revision: RevisionRow {
        get { origin.revision }
        set { origin = Origin(typeIdentifier: typeIdentifier, source: source, revision: newValue, device: device) }
    }
    package var device: DeviceRow? {
        get { origin.device }
        set { origin = Origin(typeIdentifier: typeIdentifier, source: source, revision: revision, device: newValue) }
    }
    /// The metadata as JSON (see `MetadataCoding`), or nil.
    package var metadata: String?
    package var syncIdentifier: String?
    package var syncVersion: Int64?
    /// The correlation this sample belongs to.
    package var correlationUUID: UUID?
    /// What only a workout has.
    package var workout: WorkoutRow? {
        get { kindSpecific?.workout }
        set { kindSpecific = KindSpecific.make(workout: newValue, detail: detail) }
    }
    /// What a sample of a kind with its own table holds (see ``SampleDetail``: a series, an electrocardiogram, an
    /// audiogram, a route, a record...).
    package var detail: SampleDetail? {
        get { kindSpecific?.detail }
        set { kindSpecific = KindSpecific.make(workout: workout, detail: newValue) }
    }
    /// `workout` and `detail`, boxed: most rows have neither, and inline they would make every row hundreds of bytes
    /// to copy (an enum is as large as its largest case) each time it is buffered or handed on. Nil when both are.
    private var kindSpecific: KindSpecific?
    /// The anchor of the change that stored it (set by the storage).
    package var anchor: Int64

    package init(
        uuid: UUID, typeIdentifier: String, startDate: Double, endDate: Double, value: Double?,
        source: SourceRow, revision: RevisionRow, device: DeviceRow? = nil, metadata: String? = nil,
        syncIdentifier: String? = nil, syncVersion: Int64? = nil, correlationUUID: UUID? = nil,
        workout: WorkoutRow? = nil, detail: SampleDetail? = nil, anchor: Int64 = 0
    ) {
        self.init(
            uuid: uuid,
            origin: Origin(typeIdentifier: typeIdentifier, source: source, revision: revision, device: device),
            startDate: startDate, endDate: endDate, value: value, metadata: metadata, syncIdentifier: syncIdentifier,
            syncVersion: syncVersion, correlationUUID: correlationUUID, workout: workout, detail: detail, anchor: anchor
        )
    }

    /// A row whose type, source, revision and device are `origin`: a storage's read shares one origin among its rows.
    package init(
        uuid: UUID, origin: Origin, startDate: Double, endDate: Double, value: Double?, metadata: String? = nil,
        syncIdentifier: String? = nil, syncVersion: Int64? = nil, correlationUUID: UUID? = nil,
        workout: WorkoutRow? = nil, detail: SampleDetail? = nil, anchor: Int64 = 0
    ) {
        self.uuid = uuid
        self.origin = origin
        self.startDate = startDate
        self.endDate = endDate
        self.value = value
        self.metadata = metadata
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.correlationUUID = correlationUUID
        self.kindSpecific = KindSpecific.make(workout: workout, detail: detail)
        self.anchor = anchor
    }

    /// The immutable box of a row's `workout` and `detail` (a setter makes a new one, so rows stay values).
    private final class KindSpecific: Sendable, Equatable {
        let workout: WorkoutRow?
        let detail: SampleDetail?

        private init(workout: WorkoutRow?, detail: SampleDetail?) {
            self.workout = workout
            self.detail = detail
        }

        /// A box of the two, or nil when both are nil (so that equal rows have equal boxes or none).
        static func make(workout: WorkoutRow?, detail: SampleDetail?) -> KindSpecific? {
            // A pattern, not `==`: the rows of a read mostly have neither, and comparing an optional `SampleDetail` with
            // nil through `Equatable` copies it.
            if case .none = workout, case .none = detail { return nil }
            return KindSpecific(workout: workout, detail: detail)
        }

        static func == (lhs: KindSpecific, rhs: KindSpecific) -> Bool {
            lhs === rhs || (lhs.workout == rhs.workout && lhs.detail == rhs.detail)
        }
    }
}

/// The app (or device) that wrote a sample.
package struct SourceRow: Sendable, Hashable {
    package var bundleIdentifier: String
    package var name: String

    package init(bundleIdentifier: String, name: String) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name
    }
}

/// The version of the source that wrote a sample. Empty strings stand for absent values.
package struct RevisionRow: Sendable, Hashable {
    package var version: String
    package var productType: String
    /// "major.minor.patch".
    package var operatingSystemVersion: String

    package init(version: String = "", productType: String = "", operatingSystemVersion: String = "") {
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }
}

/// The hardware that produced a sample. Empty strings stand for absent values.
package struct DeviceRow: Sendable, Hashable {
    package var name = ""
    package var manufacturer = ""
    package var model = ""
    package var hardwareVersion = ""
    package var firmwareVersion = ""
    package var softwareVersion = ""
    package var localIdentifier = ""
    package var udiDeviceIdentifier = ""

    package init(
        name: String = "", manufacturer: String = "", model: String = "", hardwareVersion: String = "",
        firmwareVersion: String = "", softwareVersion: String = "", localIdentifier: String = "",
        udiDeviceIdentifier: String = ""
    ) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
    }

    /// A device from its ``fields``, in that order (both storages read the columns of ``columnNames``).
    package init(fields: [String]) {
        precondition(fields.count == Self.columnNames.count, "a device has \(Self.columnNames.count) fields")
        self.init(
            name: fields[0], manufacturer: fields[1], model: fields[2], hardwareVersion: fields[3],
            firmwareVersion: fields[4], softwareVersion: fields[5], localIdentifier: fields[6],
            udiDeviceIdentifier: fields[7])
    }

    /// The storages' device columns, in ``fields`` order.
    package static let columnNames = [
        "name", "manufacturer", "model", "hardware_version", "firmware_version", "software_version",
        "local_identifier", "udi_device_identifier",
    ]

    /// The columns in storage order, paired with HealthKit's device property keys.
    package var fields: [String] {
        [
            name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion, localIdentifier,
            udiDeviceIdentifier,
        ]
    }
}

/// What only a workout has.
///
/// On insert, `activities` and `statistics` are stored with the workout and `associatedSamples` (stored samples'
/// UUIDs) are associated with it, in the same transaction (an unknown UUID fails the batch with
/// ``StorageError/notFound(_:)``); reads return the activities and statistics, in the order they were stored, and
/// no `associatedSamples` (the `workoutMember` condition finds those).
package struct WorkoutRow: Sendable, Equatable {
    package var activityType: UInt
    /// kcal.
    package var totalEnergyBurned: Double?
    /// m.
    package var totalDistance: Double?
    package var totalSwimmingStrokeCount: Double?
    package var totalFlightsClimbed: Double?
    /// The workout events as JSON.
    package var events: String?
    /// The workout's activities (``WorkoutActivityRow/workoutUUID`` is the workout's).
    package var activities: [WorkoutActivityRow]
    /// The workout's own statistics and its activities'.
    package var statistics: [WorkoutStatisticsRow]
    /// Stored samples to associate with the workout as it is inserted.
    package var associatedSamples: [UUID]

    package init(
        activityType: UInt, totalEnergyBurned: Double? = nil, totalDistance: Double? = nil,
        totalSwimmingStrokeCount: Double? = nil, totalFlightsClimbed: Double? = nil, events: String? = nil,
        activities: [WorkoutActivityRow] = [], statistics: [WorkoutStatisticsRow] = [], associatedSamples: [UUID] = []
    ) {
        self.activityType = activityType
        self.totalEnergyBurned = totalEnergyBurned
        self.totalDistance = totalDistance
        self.totalSwimmingStrokeCount = totalSwimmingStrokeCount
        self.totalFlightsClimbed = totalFlightsClimbed
        self.events = events
        self.activities = activities
        self.statistics = statistics
        self.associatedSamples = associatedSamples
    }
}

/// A tombstone: what is left of a deleted sample.
package struct DeletedRow: Sendable, Equatable {
    package var uuid: UUID
    package var typeIdentifier: String
    package var sourceBundleIdentifier: String
    package var syncIdentifier: String?
    package var syncVersion: Int64?
    package var anchor: Int64

    package init(
        uuid: UUID, typeIdentifier: String, sourceBundleIdentifier: String, syncIdentifier: String?,
        syncVersion: Int64?, anchor: Int64
    ) {
        self.uuid = uuid
        self.typeIdentifier = typeIdentifier
        self.sourceBundleIdentifier = sourceBundleIdentifier
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.anchor = anchor
    }
}
