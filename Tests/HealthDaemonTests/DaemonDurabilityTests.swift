import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite
import OpenHealthKitTesting
import OpenHealthKitWire

/// healthd killed with SIGKILL while apps save: every save it acknowledged is in the store afterwards, and the
/// database file is sound.
@Suite struct DaemonDurabilityTests {
    static let cycles = 5
    static let writers = 4

    @Test func everyAcknowledgedSaveSurvivesSIGKILL() async throws {
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = Healthd.storePath(in: directory)
        let log = directory.appendingPathComponent("healthd.log")

        var running = try await Healthd.launch(directory: directory, log: log)
        let credential = try await running.register(AppPlists(Apps.app()))
        try await running.allow("com.example.app", toShareAndRead: [HKQuantityType(.heartRate).identifier])

        let acknowledged = Locked<[UUID]>([])
        let refusals = Locked<[String]>([])
        for _ in 1...Self.cycles {
            let address = running.address
            let writers = (0..<Self.writers).map { writer in
                Task {
                    await Self.save(
                        to: address, credential: credential, writer: writer, acknowledged: acknowledged,
                        refusals: refusals)
                }
            }
            // Killed at a random point of the writers' progress (not of the clock, which a busy machine stretches).
            let target = acknowledged.withLock { $0.count } + Int.random(in: 25...75)
            try await waitUntil("\(target) acknowledged saves") {
                acknowledged.withLock { $0.count } >= target || !refusals.withLock { $0 }.isEmpty
            }
            await running.kill()
            for writer in writers { await writer.value }
            running = try await Healthd.launch(directory: directory, log: log)
        }

        // Through the restarted healthd, then in the file itself after one more SIGKILL.
        let saved = acknowledged.withLock { Set($0) }
        #expect(refusals.withLock { $0 }.isEmpty, "healthd refused saves while running")
        #expect(saved.count > 100, "the writers saved \(saved.count) samples")
        let answer = try await HTTP.call(
            "POST", URL(string: running.address.absoluteString + "/v1/queries/samples")!, bearer: credential,
            json: ["type": "heartRate"])
        let served = Set(try answer.decode(WireSamplesResponse.self).samples.map(\.uuid))
        #expect(saved.isSubset(of: served), "\(saved.subtracting(served).count) acknowledged saves are missing")
        await running.kill()

        let storage = try SQLiteStorage(path: store)
        #expect(try storage.integrityCheck() == "ok")
        let rows = Set(
            try storage.fetch(RowQuery(typeIdentifiers: [HKQuantityType(.heartRate).identifier])).map(\.uuid))
        #expect(saved.isSubset(of: rows))
    }

    /// Saves batches of heart-rate samples one after the other until healthd stops answering, recording what it
    /// acknowledged (200) and any other answer.
    static func save(
        to address: URL, credential: String, writer: Int, acknowledged: Locked<[UUID]>, refusals: Locked<[String]>
    ) async {
        let url = URL(string: address.absoluteString + "/v1/samples")!
        var batch = 0
        while true {
            let samples = (0..<5).map { index in
                AppClient.beat(60 + Double(index), at: 1_700_000_000 + Double(writer * 1_000_000 + batch * 5 + index))
            }
            batch += 1
            guard
                let answer = try? await HTTP.call(
                    "POST", url, bearer: credential, json: WireSaveRequest(objects: samples),
                    timeout: SafetyTimeout.duration / .seconds(1))
            else { return }
            guard answer.status == 200 else {
                refusals.withLock { $0.append("\(answer.status) \(answer.text)") }
                return
            }
            acknowledged.withLock { $0 += samples.map(\.uuid) }
        }
    }
}
