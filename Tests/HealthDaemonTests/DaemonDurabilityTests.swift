import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite
import OpenHealthKitWire

/// healthd killed with SIGKILL while apps save: every save it acknowledged is in the store afterwards, and the
/// database file is sound.
@Suite struct DaemonDurabilityTests {
    static let cycles = 5
    static let writers = 4

    @Test func everyAcknowledgedSaveSurvivesSIGKILL() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("healthd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("health.sqlite").path
        let log = directory.appendingPathComponent("healthd.log")
        let arguments = ["--port", "0", "--store", store]

        var running = try await HealthdProcess.launch(arguments: arguments, log: log)
        let secret = try String(contentsOfFile: store + ".owner-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let credential = try await Self.registerAllowedApp(at: running.address, secret: secret)

        let acknowledged = Locked<[UUID]>([])
        let refusals = Locked<[String]>([])
        for _ in 1...Self.cycles {
            let address = running.address
            let writers = (0..<Self.writers).map { writer in
                Task { await Self.save(to: address, credential: credential, writer: writer, acknowledged: acknowledged, refusals: refusals) }
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 500...1500)))
            try await HealthdProcess.sigkill(running.process)
            for writer in writers { await writer.value }
            running = try await HealthdProcess.launch(arguments: arguments, log: log)
        }

        // Through the restarted healthd, then in the file itself after one more SIGKILL.
        let saved = acknowledged.withLock { Set($0) }
        #expect(refusals.withLock { $0 }.isEmpty, "healthd refused saves while running")
        #expect(saved.count > 100, "the writers saved \(saved.count) samples")
        let answer = try await HTTP.call(
            "POST", URL(string: running.address.absoluteString + "/v1/queries/samples")!, bearer: credential, json: ["type": "heartRate"])
        let served = Set(try answer.decode(WireSamplesResponse.self).samples.map(\.uuid))
        #expect(saved.isSubset(of: served), "\(saved.subtracting(served).count) acknowledged saves are missing")
        try await HealthdProcess.sigkill(running.process)

        let storage = try SQLiteStorage(path: store)
        #expect(try storage.integrityCheck() == "ok")
        let rows = Set(try storage.fetch(RowQuery(typeIdentifiers: [HKQuantityType(.heartRate).identifier])).map(\.uuid))
        #expect(saved.isSubset(of: rows))
    }

    /// Registers an app and has the owner allow it to write and read heart rate (the Sources page, no request).
    static func registerAllowedApp(at address: URL, secret: String) async throws -> String {
        let plists = try Plists(Apps.app())
        let credential = try await HTTP.call(
            "POST", URL(string: address.absoluteString + "/v1/owner/apps")!, bearer: secret,
            json: WireAppRegistration(infoPlist: plists.info, entitlements: plists.entitlements)
        ).decode(WireIssuedCredential.self).credential
        let grants = WireGrants(grants: [HKQuantityType(.heartRate).identifier: WireGrant(Grant(share: .sharingAuthorized, read: .authorized))])
        let granted = try await HTTP.call("PUT", URL(string: address.absoluteString + "/v1/owner/apps/com.example.app/grants")!, bearer: secret, json: grants)
        guard granted.status == 200 else { throw HarnessError("granting failed: \(granted.text)") }
        return credential
    }

    /// Saves batches of heart-rate samples one after the other until healthd stops answering, recording what it
    /// acknowledged (200) and any other answer.
    static func save(to address: URL, credential: String, writer: Int, acknowledged: Locked<[UUID]>, refusals: Locked<[String]>) async {
        let url = URL(string: address.absoluteString + "/v1/samples")!
        var batch = 0
        while true {
            let samples = (0..<5).map { index in
                AppClient.beat(60 + Double(index), at: 1_700_000_000 + Double(writer * 1_000_000 + batch * 5 + index))
            }
            batch += 1
            guard let answer = try? await HTTP.call("POST", url, bearer: credential, json: WireSaveRequest(objects: samples), timeout: 10)
            else { return }
            guard answer.status == 200 else {
                refusals.withLock { $0.append("\(answer.status) \(answer.text)") }
                return
            }
            acknowledged.withLock { $0 += samples.map(\.uuid) }
        }
    }
}
