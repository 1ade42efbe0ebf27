import GRDB
import OpenHealthKitEngine

/// The database schema, versioned with GRDB migrations: SQLite's step of each ``SchemaMigration``, in its order.
/// Add a migration; never edit a shipped one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in SchemaMigration.allCases {
            migrator.registerMigration(migration.name, migrate: step(migration) ?? { _ in })
        }
        return migrator
    }

    /// SQLite's step of `migration`; nil where the version concerns PostgreSQL only (it is recorded, and does
    /// nothing).
    static func step(_ migration: SchemaMigration) -> (@Sendable (Database) throws -> Void)? {
        switch migration {
        case .samplesTombstonesSettings: store
        case .daemonRecords: daemonRecords
        case .exportRecords: exchange
        case .pendingPermissionRequests: pendingAuthorizations
        case .workouts: workouts
        case .seriesAndRecordings: seriesAndRecordings
        case .records: records
        case .importJobs: importJobs
        case .statisticsAggregates: statisticsAggregates
        case .hourlyAggregates: hourlyAggregates
        case .timeWeightedAggregates: timeWeightedAggregates
        case .statisticsNotedByTheWriters: writersNoteStatistics
        case .defaultSourceOrder: defaultSourceOrder
        case .statisticsNotedInMemory: statisticsNotedInMemory
        // PostgreSQL's alone: a SQLite store has one person (users, their binding, sharing between them) and one
        // healthd (shared state).
        case .users, .statisticsAggregatesOfUsers, .sharedDaemonState, .usersBoundByTheDatabase, .peopleSharing: nil
        }
    }

    /// Samples, their lookup rows, tombstones, the anchor and the engine's settings.
    static func store(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE object_type (
                    id INTEGER PRIMARY KEY,
                    identifier TEXT NOT NULL UNIQUE,
                    -- The longest sample of the type: bounds range scans on start_date (see ConditionSQL).
                    max_duration REAL NOT NULL DEFAULT 0
                );
                CREATE TABLE source (
                    id INTEGER PRIMARY KEY,
                    bundle_identifier TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL
                );
                CREATE TABLE source_revision (
                    id INTEGER PRIMARY KEY,
                    source_id INTEGER NOT NULL REFERENCES source(id),
                    version TEXT NOT NULL,
                    product_type TEXT NOT NULL,
                    os_version TEXT NOT NULL,
                    UNIQUE (source_id, version, product_type, os_version)
                );
                CREATE TABLE device (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL, manufacturer TEXT NOT NULL, model TEXT NOT NULL,
                    hardware_version TEXT NOT NULL, firmware_version TEXT NOT NULL, software_version TEXT NOT NULL,
                    local_identifier TEXT NOT NULL, udi_device_identifier TEXT NOT NULL,
                    UNIQUE (name, manufacturer, model, hardware_version, firmware_version, software_version,
                            local_identifier, udi_device_identifier)
                );
                CREATE TABLE sample (
                    id INTEGER PRIMARY KEY,
                    uuid BLOB NOT NULL UNIQUE,
                    type_id INTEGER NOT NULL REFERENCES object_type(id),
                    start_date REAL NOT NULL,
                    end_date REAL NOT NULL,
                    value REAL,
                    source_id INTEGER NOT NULL REFERENCES source(id),
                    source_revision_id INTEGER NOT NULL REFERENCES source_revision(id),
                    device_id INTEGER REFERENCES device(id),
                    metadata TEXT,
                    sync_identifier TEXT,
                    sync_version INTEGER,
                    correlation_id INTEGER REFERENCES sample(id),
                    anchor INTEGER NOT NULL
                );
                CREATE INDEX sample_by_type_start ON sample(type_id, start_date);
                CREATE INDEX sample_by_type_anchor ON sample(type_id, anchor);
                CREATE INDEX sample_by_source ON sample(source_id, type_id);
                CREATE UNIQUE INDEX sample_by_sync_identifier ON sample(source_id, sync_identifier)
                    WHERE sync_identifier IS NOT NULL;
                CREATE INDEX sample_by_correlation ON sample(correlation_id) WHERE correlation_id IS NOT NULL;
                CREATE TABLE workout (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    activity_type INTEGER NOT NULL,
                    total_energy_burned REAL,
                    total_distance REAL,
                    total_swimming_stroke_count REAL,
                    total_flights_climbed REAL,
                    events TEXT
                );
                CREATE TABLE deleted_object (
                    anchor INTEGER PRIMARY KEY,
                    uuid BLOB NOT NULL,
                    type_id INTEGER NOT NULL REFERENCES object_type(id),
                    source_id INTEGER NOT NULL REFERENCES source(id),
                    sync_identifier TEXT,
                    sync_version INTEGER
                );
                CREATE INDEX deleted_object_by_type ON deleted_object(type_id, anchor);
                CREATE TABLE store_anchor (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
                INSERT INTO store_anchor VALUES (1, 0);
                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
    }
}
