import Foundation
import Logging
import NIOCore
import NIOPosix
import OpenHealthKit
import OpenHealthKitEngine
import PostgresNIO
import OpenHealthKitPostgres

/// The raw baseline on PostgreSQL: one postgres-nio connection running hand-written SQL, each statement waited for
/// as the storage waits for its own (the same future-based API, the same binary protocol).
final class RawPostgres {
    let connection: PostgresConnection
    private let logger = Logger(label: "ohk-bench", factory: { _ in SwiftLogNoOpLogHandler() })

    init(_ address: PostgreSQLAddress) throws {
        connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(),
            configuration: PostgresConnection.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: .disable),
            id: 1, logger: logger
        ).wait()
    }

    deinit { try? connection.close().wait() }

    /// Runs one statement and returns its rows.
    @discardableResult
    func query(_ sql: String, _ values: [any PostgresNonThrowingEncodable] = []) throws -> [PostgresRow] {
        var bindings = PostgresBindings()
        for value in values { bindings.append(value) }
        return try connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger).wait().rows
    }

    /// The user's id of a sample type.
    func typeID(_ identifier: String) throws -> Int32 {
        guard let row = try query("SELECT id FROM object_type WHERE identifier = $1", [identifier]).first else {
            throw PostgresBenchmarkError("no type \(identifier) in the database")
        }
        return try row.decode(Int32.self)
    }

    /// Inserts heart-rate rows of the bench app as the store's schema holds them, in one transaction: the lookup
    /// rows, then the samples `chunk` at a time, one `INSERT ... SELECT FROM unnest(...)` each (the anchors 1, 2...
    /// after the store's), then the type's longest duration and the anchor. The raw side of the save benchmark, and
    /// the quick way to build large stores.
    func insertHeartRates(_ rows: some Collection<RawSample>, chunk: Int = 100_000) throws {
        let principal = BenchStore.principal
        try query("BEGIN")
        try query(
            "INSERT INTO object_type (identifier) VALUES ($1) ON CONFLICT DO NOTHING",
            [HeartRateSeries.type.identifier])
        let typeID = try self.typeID(HeartRateSeries.type.identifier)
        let sourceID = try query(
            """
            INSERT INTO source (user_id, bundle_identifier, name) VALUES (1, $1, $2)
            ON CONFLICT (user_id, bundle_identifier) DO UPDATE SET name = EXCLUDED.name RETURNING id
            """, [principal.source.bundleIdentifier, principal.source.name]
        )[0].decode(Int64.self)
        let revisionID = try query(
            """
            INSERT INTO source_revision (user_id, source_id, version, product_type, os_version)
            VALUES (1, $1, $2, $3, $4)
            ON CONFLICT (user_id, source_id, version, product_type, os_version) DO UPDATE SET version = EXCLUDED.version
            RETURNING id
            """,
            [
                sourceID, principal.revision.version, principal.revision.productType,
                principal.revision.operatingSystemVersion,
            ]
        )[0].decode(Int64.self)
        var anchor = try query("SELECT value FROM store_anchor WHERE user_id = 1 FOR UPDATE")[0].decode(Int64.self)
        var pending = Array(rows.prefix(0))
        func flush() throws {
            guard !pending.isEmpty else { return }
            let anchors = (1...Int64(pending.count)).map { anchor + $0 }
            try query(
                """
                INSERT INTO sample (user_id, uuid, type_id, start_date, end_date, value, source_id, source_revision_id,
                                    anchor)
                SELECT 1, r.uuid, $1, r.start_date, r.end_date, r.value, $2, $3, r.anchor
                FROM unnest($4::uuid[], $5::float8[], $6::float8[], $7::float8[], $8::int8[])
                    AS r(uuid, start_date, end_date, value, anchor)
                """,
                [
                    typeID, sourceID, revisionID, pending.map(\.uuid), pending.map(\.start), pending.map(\.end),
                    pending.map(\.value), anchors,
                ])
            anchor += Int64(pending.count)
            pending.removeAll(keepingCapacity: true)
        }
        for row in rows {
            pending.append(row)
            if pending.count >= chunk { try flush() }
        }
        try flush()
        try query(
            """
            INSERT INTO type_extent (user_id, type_id, max_duration) VALUES (1, $1, 0)
            ON CONFLICT (user_id, type_id) DO NOTHING
            """, [typeID])
        try query("UPDATE store_anchor SET value = $1 WHERE user_id = 1", [anchor])
        try query("COMMIT")
    }
}

/// A benchmark on PostgreSQL could not run.
struct PostgresBenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
