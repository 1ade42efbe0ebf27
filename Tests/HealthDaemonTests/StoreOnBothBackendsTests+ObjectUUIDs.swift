import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import Testing

/// What a save tells an app about UUIDs that are already stored (docs/SECURITY.md): an app may save only random UUIDs
/// (version 4, as HealthKit creates them), so it cannot name a record an import stored under a UUID derived from the
/// record's content, whether or not that record exists; re-saving its own object is "already stored".
extension StoreOnBothBackendsTests {
    /// A time-ordered UUID as an import derives one (RFC 9562 version 8), and another of the same kind nobody stored.
    static let importedUUID = UUID(uuidString: "018BCFE5-6800-8A3C-9F2E-5D4C3B2A1908")!
    static let unstoredImportUUID = UUID(uuidString: "018BCFE5-6800-8B4D-8E1F-6C5D4E3F2A19")!

    func sample(uuid: UUID) -> HKQuantitySample {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        return HKQuantitySample.stored(
            uuid: uuid, type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 72), start: date, end: date,
            device: nil, metadata: nil, sourceRevision: .placeholder())
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppCannotSaveAnImportsKindOfUUIDWhetherOrNotSuchARecordIsStored(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            var batch = ImportBatch()
            batch.samples = [
                SampleRow(
                    uuid: Self.importedUUID, typeIdentifier: heartRate.identifier, startDate: 1_700_000_000,
                    endDate: 1_700_000_000, value: 72 / 60.0,
                    source: SourceRow(bundleIdentifier: "org.openhealthkit.export.watch", name: "Watch"),
                    revision: RevisionRow())
            ]
            try await world.importBatch(batch)
            // Allowed to share heart rates, not to read them: it must not learn which the owner has.
            let store = try await world.store { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [])
            }
            try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])

            var messages: [String] = []
            for uuid in [Self.importedUUID, Self.unstoredImportUUID] {
                let error = await #expect(throws: HKError.self) { try await store.save(sample(uuid: uuid)) }
                #expect(error?.code == .errorInvalidArgument)
                messages.append(error?.message.replacingOccurrences(of: uuid.uuidString, with: "<uuid>") ?? "")
            }
            #expect(messages[0] == messages[1])
            #expect(messages[0].contains("random UUIDs (version 4)"), "\(messages[0])")
            #expect(try await Fetch.samples(store, heartRate).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppSavingItsOwnObjectAgainIsToldItIsAlreadyStored(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let saved = beat(72)
            try await store.save(saved)
            let error = await #expect(throws: HKError.self) { try await store.save(sample(uuid: saved.uuid)) }
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message.contains("already stored") == true, "\(error?.message ?? "")")
            #expect(try await Fetch.samples(store, heartRate).map(\.uuid) == [saved.uuid])
        }
    }
}
