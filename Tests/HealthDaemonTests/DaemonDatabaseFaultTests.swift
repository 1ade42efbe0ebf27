import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting
import OpenHealthKitWire

/// healthd on PostgreSQL when the database fails: it starts while the database is down, answers 503 with
/// `Retry-After` (never 500) meanwhile, recovers by itself when the database returns, and acknowledges a save only
/// once PostgreSQL committed it.
@Suite struct DaemonDatabaseFaultTests {
    static let heartRate = HKQuantityType(.heartRate).identifier

    @Test func healthdStartsWhileItsDatabaseIsDownAnswers503AndRecoversByItself() async throws {
        let server = try await PostgreSQLServer.start()
        let database = TestDatabase(url: try await server.createDatabase(), password: server.password)
        try await server.kill()
        let daemon = try await DaemonHarness.launch(database: database)

        let apps = try await daemon.owner("GET", "/v1/owner/apps")
        #expect(apps.status == 503)
        #expect(apps.retryAfter == "1")
        #expect(apps.error?.error.code == HKError.Code.errorDatabaseInaccessible.rawValue)
        let page = try await HTTP.call("GET", daemon.url("/"))
        #expect(page.status == 503)
        #expect(page.retryAfter == "1")
        #expect(page.contentType?.hasPrefix("text/html") == true)
        #expect(page.text.contains("cannot reach its database"))

        try await server.restart()
        try await waitUntil("healthd answers again") { try await daemon.owner("GET", "/v1/owner/apps").status == 200 }
        let credential = try await daemon.register(Apps.app())
        try await daemon.allowHeartRate("com.example.app")
        let saved = try await daemon.app(
            credential, "POST", "/v1/samples", json: WireSaveRequest(objects: [AppClient.beat(70, at: 1_700_000_000)]))
        #expect(saved.status == 200)
        try await daemon.stop()
        await server.remove()
    }

    /// The sessions live in the database: while it is down a signed-in owner is told to come back (503), not sent to
    /// sign in again nor refused a form as if signed out, and the session works again once the database returns.
    @Test func aSignedInOwnerGetsTheUnavailablePageWhileTheDatabaseIsDownAndStaysSignedIn() async throws {
        let server = try await PostgreSQLServer.start()
        let database = TestDatabase(url: try await server.createDatabase(), password: server.password)
        let daemon = try await DaemonHarness.launch(database: database)
        let cookie = try await WebClient.signIn(daemon)
        let csrf = try #require(
            WebClient.csrf(in: try await WebClient.get("/", daemon, cookie: cookie).text))

        try await server.kill()
        let page = try await WebClient.get("/", daemon, cookie: cookie)
        #expect(page.status == 503, "\(page.text)")
        #expect(page.text.contains("cannot reach its database"))
        let form = try await WebClient.post("/signout", daemon, cookie: cookie, form: ["csrf": csrf])
        #expect(form.status == 503, "\(form.text)")

        try await server.restart()
        try await waitUntil("Health answers again") {
            try await WebClient.get("/", daemon, cookie: cookie).status == 200
        }
        try await daemon.stop()
        await server.remove()
    }

    @Test func everyAcknowledgedSaveSurvivesPostgreSQLKilledDuringSavesFromSeveralApps() async throws {
        let server = try await PostgreSQLServer.start()
        let database = TestDatabase(url: try await server.createDatabase(), password: server.password)
        let daemon = try await DaemonHarness.launch(database: database)
        let (log, writers) = try await Self.startSaving(to: daemon)
        for _ in 1...2 {
            // Killed at a point of the writers' progress (not of the clock, which a busy machine stretches).
            let before = log.acknowledgedCount + Int.random(in: 30...90)
            try await waitUntil("\(before) acknowledged saves") { log.acknowledgedCount >= before || log.failed }
            try await server.kill()
            let refusedBefore = log.unavailableCount
            try await waitUntil("a save refused while PostgreSQL is down") {
                log.unavailableCount > refusedBefore || log.failed
            }
            try await server.restart()
            let after = log.acknowledgedCount + 30
            try await waitUntil("saves acknowledged again") { log.acknowledgedCount >= after || log.failed }
        }
        log.stop()
        for writer in writers { await writer.value }

        #expect(log.otherAnswers.isEmpty, "answers other than 200 and 503: \(log.otherAnswers.prefix(3))")
        let acknowledged = log.acknowledged
        #expect(acknowledged.count > 100)
        let stored = Set(
            try await server.sql("SELECT uuid FROM sample", database: database.name).split(separator: "\n")
                .compactMap { UUID(uuidString: String($0)) })
        #expect(acknowledged.isSubset(of: stored), "\(acknowledged.subtracting(stored).count) acknowledged saves lost")
        try await daemon.stop()
        await server.remove()
    }

    /// Registers three apps allowed to write heart rate, and starts each saving (``save(to:credential:writer:log:)``)
    /// until the log is stopped.
    static func startSaving(to daemon: DaemonHarness) async throws -> (SaveLog, [Task<Void, Never>]) {
        var credentials: [String] = []
        for bundle in ["com.example.strap", "com.example.watch", "com.example.phone"] {
            credentials.append(try await daemon.register(Apps.app(bundle)))
            try await daemon.allowHeartRate(bundle)
        }
        let log = SaveLog()
        let writers = credentials.enumerated().map { writer, credential in
            Task { await save(to: daemon, credential: credential, writer: writer, log: log) }
        }
        return (log, writers)
    }

    /// Saves batches of heart-rate samples one after the other until told to stop: a 200 is acknowledged, a 503 is
    /// tried again a moment later (as its `Retry-After` asks), anything else is recorded as wrong.
    static func save(to daemon: DaemonHarness, credential: String, writer: Int, log: SaveLog) async {
        var batch = 0
        while !log.isStopped {
            let samples = (0..<5).map { index in
                AppClient.beat(60 + Double(index), at: 1_700_000_000 + Double(writer * 1_000_000 + batch * 5 + index))
            }
            batch += 1
            guard
                let answer = try? await daemon.app(
                    credential, "POST", "/v1/samples", json: WireSaveRequest(objects: samples))
            else {
                log.record(other: "no answer")
                return
            }
            switch answer.status {
            case 200: log.record(acknowledged: samples.map(\.uuid))
            case 503 where answer.retryAfter != nil:
                log.recordUnavailable()
                try? await Task.sleep(for: .milliseconds(50))
            default: log.record(other: "\(answer.status) \(answer.text)")
            }
        }
    }
}

/// What the writers of a fault test were told.
final class SaveLog: Sendable {
    private struct State {
        var acknowledged = Set<UUID>()
        var unavailable = 0
        var other: [String] = []
        var stopped = false
    }

    private let state = Locked(State())

    var acknowledged: Set<UUID> { state.withLock { $0.acknowledged } }
    var acknowledgedCount: Int { state.withLock { $0.acknowledged.count } }
    var unavailableCount: Int { state.withLock { $0.unavailable } }
    var otherAnswers: [String] { state.withLock { $0.other } }
    var failed: Bool { !otherAnswers.isEmpty }
    var isStopped: Bool { state.withLock { $0.stopped || !$0.other.isEmpty } }

    func record(acknowledged uuids: [UUID]) { state.withLock { $0.acknowledged.formUnion(uuids) } }
    func recordUnavailable() { state.withLock { $0.unavailable += 1 } }
    func record(other: String) { state.withLock { $0.other.append(other) } }
    func stop() { state.withLock { $0.stopped = true } }
}
