import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting

/// `ohk-bench load --users N --apps-per-user M`: many people on one healthd. N users of a PostgreSQL database
/// (added as `hk users add` adds them), each registering M apps through their own owner sign-in, against the same
/// N × M apps on a healthd serving a SQLite store, which has one person: its owner registers all of them. Both runs
/// do the same save-and-query loop for the same time; each app reads what its user's apps wrote. The PostgreSQL run is
/// repeated on a database whose healthd keeps no statistics aggregates: the baseline of what keeping them costs.
extension LoadBenchmark {
    func runUsers() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let count = users * appsPerUser
        print(
            "\(users) users × \(appsPerUser) apps on a PostgreSQL healthd, against \(count) apps of one owner on a "
                + "SQLite healthd; \(loop(per: "backend")); PostgreSQL again keeping no statistics aggregates.")
        var table = Table(
            "backend", "requests/s", "samples saved/s", "save p50", "save p99", "query p50", "query p99",
            "healthd CPU/request", "PostgreSQL CPU/request", "errors")

        let server = try await PostgreSQLServer.start()
        let postgres: UsersRun, bare: UsersRun
        do {
            postgres = try await onPostgreSQL(server, scratch, keepingAggregates: true)
            bare = try await onPostgreSQL(server, scratch, keepingAggregates: false)
        } catch {
            await server.remove()
            throw error
        }
        await server.remove()
        postgres.add(to: &table, as: "healthd on PostgreSQL, \(users) users × \(appsPerUser) apps")
        bare.add(to: &table, as: "the same, no aggregates")

        let folder = scratch.url.appendingPathComponent("sqlite")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let daemon = try await HealthdLauncher(executable: healthd, directory: folder)
        var credentials: [String] = []
        for index in 0..<count {
            credentials.append(try await daemon.registerAllowed(LoadApp.manifest(index), types: [HeartRateSeries.type]))
        }
        let sqlite = try await measure(daemon, credentials, databasePID: nil)
        await daemon.stop()
        print(sqlite.outcome.summary("healthd on SQLite, one owner with \(count) apps"))
        sqlite.add(to: &table, as: "healthd on SQLite, one owner × \(count) apps")

        print(table.render())
        print(
            "PostgreSQL/SQLite requests: \(Format.ratio(postgres.outcome.requestsPerSecond / sqlite.outcome.requestsPerSecond)); "
                + "healthd CPU per request: \(Format.ratio(postgres.daemonCPUPerRequest / sqlite.daemonCPUPerRequest))")
        print(
            "PostgreSQL with aggregates/without, save throughput: "
                + "\(Format.ratio(postgres.outcome.savedPerSecond / bare.outcome.savedPerSecond)) (target ≥ 0.9x)")
    }

    /// healthd on a fresh database of `server`, keeping statistics aggregates or not, its users added and their apps
    /// registered, then the load.
    private func onPostgreSQL(_ server: PostgreSQLServer, _ scratch: ScratchDirectory, keepingAggregates: Bool)
        async throws -> UsersRun
    {
        let url = try await server.createDatabase()
        let folder = scratch.url.appendingPathComponent(keepingAggregates ? "postgresql" : "postgresql-bare")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let daemon = try await HealthdLauncher(
            executable: healthd, directory: folder, database: (url, server.password),
            environment: Self.environment(keepingAggregates: keepingAggregates))
        do {
            let accounts = try PostgresAccounts(address: try PostgreSQLAddress(url: url, password: server.password))
            var credentials: [String] = []
            for user in 0..<users {
                let name = "user\(user)"
                let signedIn = HealthdUser(name: name, secret: try accounts.add(name: name).secret)
                // Every user runs the same apps, as people install the same ones.
                for app in 0..<appsPerUser {
                    credentials.append(
                        try await daemon.registerAllowed(
                            LoadApp.manifest(app), types: [HeartRateSeries.type], as: signedIn))
                }
                try await Self.readStatistics(daemon, credential: credentials[credentials.count - 1])
            }
            let pid = try String(
                contentsOf: server.directory.appendingPathComponent("data/postmaster.pid"), encoding: .utf8
            ).split(separator: "\n").first.flatMap { Int32($0) }
            let run = try await measure(daemon, credentials, databasePID: pid)
            await daemon.stop()
            print(
                run.outcome.summary(
                    Self.label(
                        "healthd on PostgreSQL, \(users) users × \(appsPerUser) apps",
                        keepingAggregates: keepingAggregates)))
            return run
        } catch {
            await daemon.stop()
            throw error
        }
    }

    /// One reading a week before the load's, then a statistics read of heart rate: on PostgreSQL the first read of a
    /// type's statistics builds its aggregates (docs/STATISTICS.md), so that the load's saves keep them, as a store in
    /// use does.
    private static func readStatistics(_ daemon: HealthdLauncher, credential: String) async throws {
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(remote: .init(address: daemon.address, credential: credential)))
        let date = Date(timeIntervalSince1970: HeartRateSeries.end - 7 * 86_400)
        try await store.save([
            HKQuantitySample(
                type: HeartRateSeries.type, quantity: HKQuantity(unit: HeartRateSeries.unit, doubleValue: 60),
                start: date, end: date)
        ])
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            store.execute(
                HKStatisticsQuery(
                    quantityType: HeartRateSeries.type, quantitySamplePredicate: nil, options: .discreteAverage
                ) { _, _, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                })
        }
    }

    /// The load on `daemon`, one app process per credential, with the CPU healthd (and PostgreSQL's server, when
    /// `databasePID` names its postmaster) used meanwhile.
    private func measure(_ daemon: HealthdLauncher, _ credentials: [String], databasePID: Int32?) async throws
        -> UsersRun
    {
        let databaseCPU = { databasePID.map { ProcessCPU.seconds($0, children: true) } }
        let daemonBefore = daemon.cpuSeconds(), databaseBefore = databaseCPU()
        let outcome = try await LoadApp.runProcesses(count: credentials.count, duration: duration, batch: batch) {
            index in
            (["--healthd", daemon.address.absoluteString], ["OPENHEALTHKIT_CREDENTIAL": credentials[index]])
        }
        let requests = Double(outcome.saves.count + outcome.queries.count)
        let databaseAfter = databaseCPU()
        let databaseUsed = databaseBefore.flatMap { before in databaseAfter.map { $0 - before } }
        return UsersRun(
            outcome: outcome, daemonCPUPerRequest: (daemon.cpuSeconds() - daemonBefore) / requests,
            databaseCPUPerRequest: databaseUsed.map { $0 / requests })
    }
}

/// One backend's run of `load --users`.
private struct UsersRun {
    let outcome: LoadOutcome
    /// healthd's CPU (user and system) per request, in seconds.
    let daemonCPUPerRequest: Double
    /// PostgreSQL's server's CPU per request, in seconds; nil on SQLite (inside healthd's).
    let databaseCPUPerRequest: Double?

    func add(to table: inout Table, as label: String) {
        outcome.add(to: &table, as: label, cpu: [daemonCPUPerRequest, databaseCPUPerRequest])
    }
}
