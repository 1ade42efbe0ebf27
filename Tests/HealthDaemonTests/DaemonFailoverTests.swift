import Foundation
import Testing
import OpenHealthKitTesting

/// healthd on a highly available PostgreSQL (pg_auto_failover: a monitor, a primary and a secondary, started here):
/// given both nodes in one libpq connection string, it writes to the primary, follows the secondary when the primary
/// dies, answers 503 with `Retry-After` during the switch (never 500, never a dropped call), and loses no save it
/// acknowledged.
@Suite struct DaemonFailoverTests {
    @Test func healthdFollowsAFailoverAndKeepsEverySaveItAcknowledged() async throws {
        let formation = try await AutoFailoverFormation.start()
        do {
            try await Self.failOver(formation)
        } catch {
            await formation.remove()
            throw error
        }
        await formation.remove()
    }

    static func failOver(_ formation: AutoFailoverFormation) async throws {
        // pg_auto_failover makes the secondary synchronous: a commit on the primary waits until the secondary has it.
        let synchronous = try await formation.sql("SHOW synchronous_standby_names", node: "node1")
        print("failover: synchronous_standby_names on the primary: \(synchronous.trimmingCharacters(in: .newlines))")
        let daemon = try await DaemonHarness.launch(database: TestDatabase(url: formation.url, password: ""))
        let (log, writers) = try await DaemonDatabaseFaultTests.startSaving(to: daemon)
        // Killed at a point of the writers' progress (not of the clock, which a busy machine stretches).
        let before = log.acknowledgedCount + 60
        try await waitUntil("\(before) acknowledged saves") { log.acknowledgedCount >= before || log.failed }
        let killed = ContinuousClock.now
        try await formation.kill("node1")
        let refusedBefore = log.unavailableCount
        try await waitUntil("a save refused while the primary is gone") {
            log.unavailableCount > refusedBefore || log.failed
        }
        let acknowledgedBefore = log.acknowledgedCount
        try await waitUntil("a save acknowledged by the new primary") {
            log.acknowledgedCount > acknowledgedBefore || log.failed
        }
        let switched = ContinuousClock.now - killed
        print("failover: first acknowledged save \(switched) after the primary was killed")
        let after = log.acknowledgedCount + 30
        try await waitUntil("saves acknowledged again") { log.acknowledgedCount >= after || log.failed }
        log.stop()
        for writer in writers { await writer.value }

        #expect(log.otherAnswers.isEmpty, "answers other than 200 and 503: \(log.otherAnswers.prefix(3))")
        #expect(try await formation.sql("SELECT pg_is_in_recovery()", node: "node2") == "f\n")
        let stored = Set(
            try await formation.sql("SELECT uuid FROM sample", node: "node2").split(separator: "\n")
                .compactMap { UUID(uuidString: String($0)) })
        let acknowledged = log.acknowledged
        #expect(acknowledged.isSubset(of: stored), "\(acknowledged.subtracting(stored).count) acknowledged saves lost")
        print(
            "failover: \(acknowledged.count) samples acknowledged, \(log.unavailableCount) calls answered 503 during"
                + " the switch")
        try await daemon.stop()
    }
}
