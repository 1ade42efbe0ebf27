import Foundation
import Testing
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import Logging
import NIOPosix
import PostgresNIO

/// Anchors follow commit order on PostgreSQL, whatever the number of writers: a reader that has seen anchor n has
/// seen every change below n, so an anchored query resuming "after n" never skips one.
@Suite struct AnchorOrderTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    static func row(_ value: Double) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: steps, startDate: value, endDate: value + 1, value: value,
            source: SourceRow(bundleIdentifier: "com.example.writer", name: "Writer"), revision: RevisionRow())
    }

    /// Eight storages (eight connections, as eight healthd instances or processes) save batches at once, while a
    /// reader follows the changes as an anchored query does, from the last anchor it saw. At the end, the reader has
    /// every row exactly once, the anchors it saw only grew, and the stored anchors are 1...n without a gap.
    @Test func concurrentWritersCommitAnchorsInOrderAndAFollowingReaderMissesNothing() async throws {
        let address = try await TestStorage.newDatabase()
        let writers = try (0..<8).map { _ in try PostgresStorage(address: address) }
        let reader = try PostgresStorage(address: address)
        let batches = 40, rowsPerBatch = 5
        let finished = Locked(0)
        let writing = Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for (index, writer) in writers.enumerated() {
                    group.addTask {
                        // Each writer on a thread of its own: the storage blocks its caller.
                        try? await Self.onThread {
                            for batch in 0..<batches {
                                let base = Double(index * 10_000 + batch * rowsPerBatch)
                                _ = try? writer.insert((0..<rowsPerBatch).map { Self.row(base + Double($0)) })
                            }
                        }
                        finished.withLock { $0 += 1 }
                    }
                }
            }
        }
        var seen: [UUID: Int64] = [:]
        var last: Int64 = 0
        var duplicates = 0
        var decreasing = 0
        while true {
            let done = finished.withLock { $0 } == writers.count
            let after = last
            let rows = try await Self.onThread {
                try reader.fetch(RowQuery(typeIdentifiers: [Self.steps], anchorAfter: after, sort: [RowSort(.anchor)]))
            }
            for row in rows {
                if seen.updateValue(row.anchor, forKey: row.uuid) != nil { duplicates += 1 }
                if row.anchor <= last { decreasing += 1 }
                last = row.anchor
            }
            if done && rows.isEmpty { break }
        }
        await writing.value
        let total = writers.count * batches * rowsPerBatch
        #expect(seen.count == total)
        #expect(duplicates == 0 && decreasing == 0)
        let stored = try reader.fetch(RowQuery(typeIdentifiers: [Self.steps], sort: [RowSort(.anchor)])).map(\.anchor)
        #expect(stored == Array(1...Int64(total)))
        #expect(try reader.currentAnchor() == Int64(total))
    }

    /// The mechanism itself: a writer that took the next anchor and has not committed holds the user's anchor row;
    /// another writer waits for its commit before it takes an anchor (after it), so the two commit in anchor order.
    @Test func aWriterWaitsForAnEarlierWritersCommitBeforeTakingAnAnchor() async throws {
        let address = try await TestStorage.newDatabase()
        let storage = try PostgresStorage(address: address)
        _ = try storage.insert([Self.row(1)])
        let logger = Logger(label: "AnchorOrderTests", factory: { _ in SwiftLogNoOpLogHandler() })
        let earlier = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(),
            configuration: PostgresConnection.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: .disable),
            id: 1, logger: logger
        ).get()
        // postgres-nio requires a connection closed before it is released, even when the test fails.
        defer { earlier.close().whenComplete { _ in withExtendedLifetime(earlier) {} } }
        // Another writer, mid-transaction: it took anchor 2.
        try await earlier.query("BEGIN", logger: logger)
        let taken = try await earlier.query(
            "UPDATE store_anchor SET value = value + 1 WHERE user_id = 1 RETURNING value", logger: logger
        ).collect().first?.decode(Int64.self)
        #expect(taken == 2)

        let later = Task.detached { try await Self.onThread { try storage.insert([Self.row(2)]) } }
        let server = try await PostgreSQLServer.shared()
        try await waitUntil("the storage's insert waits for the anchor row") {
            try await server.sql(
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = '\(address.database)' AND wait_event_type = 'Lock' AND query LIKE '%store_anchor%'
                """, database: "postgres"
            ).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }
        try await earlier.query("COMMIT", logger: logger)
        #expect(try await later.value.anchor == 3)
        #expect(try storage.currentAnchor() == 3)
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "AnchorOrderTests").async { continuation.resume(with: Result { try work() }) }
        }
    }
}
