import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

/// Electrocardiograms on both backends: read-only for apps, stored by an import, read with their summary and their
/// voltages by lead, selected by HealthKit's predicates, and invisible to an app that may not read them.
extension StoreOnBothBackendsTests {
    static let ecgType = HKObjectType.electrocardiogramType()

    /// An imported electrocardiogram: a second at 4 Hz, and one reported symptom.
    static func importedElectrocardiogram(
        start: Date, classification: HKElectrocardiogram.Classification, symptoms: HKElectrocardiogram.SymptomsStatus,
        microvolts: [Double]
    ) -> (ecg: SampleRow, symptom: SampleRow?) {
        let source = SourceRow(bundleIdentifier: "org.openhealthkit.export.ecg-00000000", name: "ECG")
        let end = start.timeIntervalSince1970 + Double(microvolts.count) / 4
        let symptom =
            symptoms == .present
            ? SampleRow(
                uuid: UUID(), typeIdentifier: HKCategoryTypeIdentifier.skippedHeartbeat.rawValue,
                startDate: start.timeIntervalSince1970, endDate: end, value: 0, source: source, revision: RevisionRow())
            : nil
        let ecg = SampleRow(
            uuid: UUID(), typeIdentifier: ecgType.identifier, startDate: start.timeIntervalSince1970, endDate: end,
            value: nil, source: source, revision: RevisionRow(version: "1.90"),
            device: DeviceRow(hardwareVersion: "Watch6,2"),
            detail: .electrocardiogram(
                ElectrocardiogramRow(
                    classification: classification.rawValue, symptomsStatus: symptoms.rawValue, averageHeartRate: 64,
                    samplingFrequency: 4, voltageCount: microvolts.count,
                    leads: [ElectrocardiogramLeadRow(lead: 1, microvolts: microvolts)],
                    symptoms: symptom.map { [$0.uuid] } ?? [])))
        return (ecg, symptom)
    }

    func importElectrocardiograms(_ world: StoreWorld) async throws -> (sinus: UUID, fibrillation: UUID, symptom: UUID)
    {
        let sinus = Self.importedElectrocardiogram(
            start: Self.hour, classification: .sinusRhythm, symptoms: .none, microvolts: [-48.673, 12.5, 300, -2])
        let fibrillation = Self.importedElectrocardiogram(
            start: Self.hour.addingTimeInterval(600), classification: .atrialFibrillation, symptoms: .present,
            microvolts: [5, 6])
        var batch = ImportBatch()
        batch.samples = [sinus.ecg, fibrillation.ecg, fibrillation.symptom!]
        try await world.importBatch(batch)
        return (sinus.ecg.uuid, fibrillation.ecg.uuid, fibrillation.symptom!.uuid)
    }

    func voltages(_ store: HKHealthStore, of ecg: HKElectrocardiogram) async throws
        -> [HKElectrocardiogram.VoltageMeasurement]
    {
        let inbox = Inbox<HKElectrocardiogramQuery.Result>()
        store.execute(HKElectrocardiogramQuery(ecg) { _, result in inbox.post(result) })
        var measurements: [HKElectrocardiogram.VoltageMeasurement] = []
        while true {
            switch try await inbox.next() {
            case .measurement(let measurement): measurements.append(measurement)
            case .done: return measurements
            case .error(let error): throw error
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func electrocardiogramsAreReadOnlyForApps(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store()
            let refused = await #expect(throws: HKError.self) {
                try await store.requestAuthorization(toShare: [Self.ecgType], read: [Self.ecgType])
            }
            #expect(refused?.code == .errorInvalidArgument)
            #expect(
                refused?.message
                    == "Authorization to share the following types is disallowed: HKDataTypeIdentifierElectrocardiogram"
            )
            // Reading them may be asked for.
            try await store.requestAuthorization(toShare: [], read: [Self.ecgType])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anImportedElectrocardiogramIsReadWithItsVoltagesByLead(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let ids = try await importElectrocardiograms(world)
            let store = try await world.store()
            try await store.requestAuthorization(toShare: [], read: [Self.ecgType])
            let ecgs = try await HKSampleQueryDescriptor(
                predicates: [.electrocardiogram()], sortDescriptors: [SortDescriptor(\.startDate)]
            ).result(for: store)
            #expect(ecgs.map(\.uuid) == [ids.sinus, ids.fibrillation])
            let sinus = try #require(ecgs.first)
            #expect(sinus.classification == .sinusRhythm && sinus.symptomsStatus == .none)
            #expect(sinus.numberOfVoltageMeasurements == 4)
            #expect(sinus.samplingFrequency?.doubleValue(for: .hertz()) == 4)
            #expect(close(sinus.averageHeartRate, 64, bpm))
            #expect(sinus.device?.hardwareVersion == "Watch6,2" && sinus.sourceRevision.version == "1.90")

            let measurements = try await voltages(store, of: sinus)
            #expect(measurements.map(\.timeSinceSampleStart) == [0, 0.25, 0.5, 0.75])
            let microvolt = HKUnit.voltUnit(with: .micro)
            #expect(
                measurements.map { $0.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: microvolt) }
                    == [-48.673, 12.5, 300, -2])
            #expect(close(measurements[2].quantity(for: .appleWatchSimilarToLeadI), 0.0003, .volt()))

            var described: [Double] = []
            for try await measurement in HKElectrocardiogramQueryDescriptor(sinus).results(for: store) {
                described.append(measurement.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: microvolt) ?? 0)
            }
            #expect(described == [-48.673, 12.5, 300, -2])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func electrocardiogramPredicatesSelectByClassificationSymptomsAndAssociation(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let ids = try await importElectrocardiograms(world)
            let skipped = HKCategoryType(.skippedHeartbeat)
            let store = try await world.store()
            try await store.requestAuthorization(toShare: [], read: [Self.ecgType, skipped])
            func ecgs(_ predicate: NSPredicate) async throws -> [UUID] {
                try await Fetch.samples(store, Self.ecgType, predicate: predicate).map(\.uuid)
            }
            #expect(
                try await ecgs(HKQuery.predicateForElectrocardiograms(classification: .atrialFibrillation)) == [
                    ids.fibrillation
                ])
            #expect(try await ecgs(HKQuery.predicateForElectrocardiograms(classification: .inconclusiveOther)).isEmpty)
            #expect(try await ecgs(HKQuery.predicateForElectrocardiograms(symptomsStatus: .none)) == [ids.sinus])
            let fibrillation = try #require(
                try await Fetch.samples(
                    store, Self.ecgType, predicate: HKQuery.predicateForObject(with: ids.fibrillation)
                )
                .first as? HKElectrocardiogram)
            #expect(fibrillation.symptomsStatus == .present)
            let associated = try await Fetch.samples(
                store, skipped, predicate: HKQuery.predicateForObjectsAssociated(electrocardiogram: fibrillation))
            #expect(associated.map(\.uuid) == [ids.symptom])
            let sinus = try #require(
                try await Fetch.samples(store, Self.ecgType).first { $0.uuid == ids.sinus } as? HKElectrocardiogram)
            #expect(
                try await Fetch.samples(
                    store, skipped, predicate: HKQuery.predicateForObjectsAssociated(electrocardiogram: sinus)
                )
                .isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppWithoutReadPermissionSeesNoElectrocardiogramNorItsVoltages(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let ids = try await importElectrocardiograms(world)
            let reader = try await world.store(Apps.app("com.example.reader"))
            try await reader.requestAuthorization(toShare: [], read: [Self.ecgType])
            let ecg = try #require(
                try await Fetch.samples(reader, Self.ecgType).first { $0.uuid == ids.sinus } as? HKElectrocardiogram)
            let denied = try await world.store(Apps.app("com.example.denied")) { _ in AuthorizationAnswer() }
            try await denied.requestAuthorization(toShare: [], read: [Self.ecgType])
            #expect(try await Fetch.samples(denied, Self.ecgType).isEmpty)
            #expect(try await voltages(denied, of: ecg).isEmpty)
            #expect(try await voltages(reader, of: ecg).count == 4)
        }
    }
}
