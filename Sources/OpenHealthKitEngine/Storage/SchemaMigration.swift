/// The versions of a store's schema: one list, numbered once, that every storage follows in this order. A storage
/// gives each migration a step of its own, which may be empty where the version concerns the other storage only
/// (an empty step is still recorded, so both list the same versions). docs/MIGRATIONS.md lists them from this list
/// (`SchemaMigrationListTests` keeps it in step). Add a migration at the end; never edit or renumber a shipped one:
/// stores record the names.
package enum SchemaMigration: Int, CaseIterable, Sendable {
    /// Samples, their lookup rows, tombstones, the anchor and the engine's settings.
    case samplesTombstonesSettings = 1
    /// healthd's records: registered apps, background deliveries, the audit log.
    case daemonRecords
    /// What an import keeps of Apple's export beside the samples.
    case exportRecords
    /// Permission requests waiting for the owner.
    case pendingPermissionRequests
    /// Workouts, their activities, events, statistics and effort.
    case workouts
    /// Quantity and heartbeat series, electrocardiograms, audiograms.
    case seriesAndRecordings
    /// Clinical records, state of mind, medications and vision prescriptions as samples.
    case records
    /// Import jobs, resumable after a restart.
    case importJobs
    /// The statistics aggregates (SQLite; PostgreSQL's are `statisticsAggregatesOfUsers`).
    case statisticsAggregates
    /// Users and row-level security (PostgreSQL).
    case users
    /// Hourly aggregates beside the quarter hours (SQLite).
    case hourlyAggregates
    /// Aggregates of time-weighted types (SQLite).
    case timeWeightedAggregates
    /// The statistics aggregates, one user's rows apart from another's (PostgreSQL).
    case statisticsAggregatesOfUsers
    /// State that several healthd instances on one database share (PostgreSQL).
    case sharedDaemonState
    /// The writers of samples note the statistics to maintain, in place of triggers (SQLite).
    case statisticsNotedByTheWriters
    /// The user a transaction acts for bound by the database; the audit log append-only (PostgreSQL).
    case usersBoundByTheDatabase
    /// Apple's default order of sources: the aggregates ranked the old way are built again.
    case defaultSourceOrder
    /// The writers of samples note the statistics to maintain in memory, in the writing transaction (SQLite).
    case statisticsNotedInMemory
    /// Sharing between people: what one user shares with another (PostgreSQL).
    case peopleSharing

    /// The name a store records: `v` and the number, then what the migration adds.
    package var name: String {
        let words =
            switch self {
            case .samplesTombstonesSettings: "samples, tombstones, settings"
            case .daemonRecords: "registered apps, background delivery, audit log"
            case .exportRecords: "Health export records"
            case .pendingPermissionRequests: "pending permission requests"
            case .workouts: "workouts"
            case .seriesAndRecordings: "series, electrocardiograms, audiograms"
            case .records: "records, mind, medications, vision"
            case .importJobs: "import jobs"
            case .statisticsAggregates, .statisticsAggregatesOfUsers: "statistics aggregates"
            case .users: "users"
            case .hourlyAggregates: "hourly aggregates"
            case .timeWeightedAggregates: "time-weighted aggregates"
            case .sharedDaemonState: "shared daemon state"
            case .statisticsNotedByTheWriters: "statistics noted by the writers"
            case .usersBoundByTheDatabase: "users bound by the database, append-only audit log"
            case .defaultSourceOrder: "Apple's default source order"
            case .statisticsNotedInMemory: "statistics noted in memory"
            case .peopleSharing: "sharing between people"
            }
        return "v\(rawValue): \(words)"
    }

    /// The migration a store records as `name`; nil for a name of no migration of this build.
    package init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// Refuses a store that records a migration this build does not know (`applied`: the names it records): a newer
    /// OpenHealthKit upgraded it, and writing it with an older idea of its tables could lose what they hold.
    package static func refuseNewer(applied: some Sequence<String>) throws(SchemaMigrationError) {
        if let unknown = applied.filter({ Self(name: $0) == nil }).sorted().first {
            throw .newerSchema(unknown)
        }
    }
}

/// A store whose schema this build cannot use.
package enum SchemaMigrationError: Error, Equatable, CustomStringConvertible {
    case newerSchema(String)

    package var description: String {
        switch self {
        case .newerSchema(let name):
            "the store was upgraded by a newer OpenHealthKit (it has migration \"\(name)\"): use that version"
        }
    }
}
