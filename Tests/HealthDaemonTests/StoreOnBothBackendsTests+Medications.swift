import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Medications on both backends: the owner records them and logs doses; an app reads the medications the user shares
/// with it one by one, and the dose events of those only; apps never write either.
extension StoreOnBothBackendsTests {
    static let medicationType = HKObjectType.userAnnotatedMedicationType()
    static let doseType = HKObjectType.medicationDoseEventType()

    /// The owner tracks ibuprofen (archived, as needed) and metformin (scheduled), with doses of each.
    func trackMedications(_ world: StoreWorld) async throws {
        try await world.saveMedication(
            Medications.medication("5640", "Ibuprofen 200 mg", archived: true, scheduled: false))
        try await world.saveMedication(Medications.medication("6809", "Metformin 500 mg", form: .tablet))
        try await world.logDose(Medications.dose("5640", at: Date(timeIntervalSince1970: 1_700_000_000), quantity: 2))
        try await world.logDose(Medications.dose("6809", at: Date(timeIntervalSince1970: 1_700_000_600)))
        try await world.logDose(
            Medications.dose("6809", at: Date(timeIntervalSince1970: 1_700_086_400), quantity: 0, status: .skipped))
    }

    /// A store of an app the user shares `codes` with (and the dose event type, when `readsDoses`).
    func medicationReader(_ world: StoreWorld, sharing codes: Set<String>, readsDoses: Bool = true) async throws
        -> HKHealthStore
    {
        let store = try await world.store(Apps.app("com.example.pills")) { request in
            guard let objects = request.objects else {
                return AuthorizationAnswer(allowedToRead: readsDoses ? request.toRead : [])
            }
            return AuthorizationAnswer(allowedObjects: Set(objects.candidates.map(\.key)).intersection(codes))
        }
        try await store.requestAuthorization(toShare: [], read: [Self.doseType])
        try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
        return store
    }

    func medications(_ store: HKHealthStore, _ predicate: NSPredicate? = nil) async throws
        -> [HKUserAnnotatedMedication]
    {
        try await HKUserAnnotatedMedicationQueryDescriptor(predicate: predicate).result(for: store)
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppReadsOnlyTheMedicationsTheUserSharedWithIt(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await trackMedications(world)
            let store = try await medicationReader(world, sharing: ["6809"])
            let shared = try await medications(store)
            try #require(shared.count == 1)
            let concept = shared[0].medication
            #expect(concept.displayText == "Metformin 500 mg")
            #expect(concept.identifier == HKHealthConceptIdentifier(domain: .medication, code: "6809"))
            #expect(concept.generalForm == .tablet)
            #expect(concept.relatedCodings.map(\.code) == ["6809"])
            #expect(shared[0].hasSchedule)
            #expect(!shared[0].isArchived)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func beforeTheUserSharesAMedicationAnAppSeesNone(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await trackMedications(world)
            let store = try await world.store(Apps.app("com.example.pills"))
            #expect(try await medications(store).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func medicationPredicatesSelectArchivedAndScheduledOnes(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await trackMedications(world)
            let store = try await medicationReader(world, sharing: ["5640", "6809"])
            let archived = try await medications(
                store, HKQuery.predicateForUserAnnotatedMedications(isArchived: true))
            #expect(archived.map(\.medication.displayText) == ["Ibuprofen 200 mg"])
            let scheduled = try await medications(
                store, HKQuery.predicateForUserAnnotatedMedications(hasSchedule: true))
            #expect(scheduled.map(\.medication.displayText) == ["Metformin 500 mg"])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppReadsTheDoseEventsOfTheSharedMedicationsOnly(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await trackMedications(world)
            let store = try await medicationReader(world, sharing: ["6809"])
            let doses = try await Fetch.samples(
                store, Self.doseType, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
            ).compactMap { $0 as? HKMedicationDoseEvent }
            #expect(doses.map(\.medicationConceptIdentifier.code) == ["6809", "6809"])
            #expect(doses.map(\.logStatus) == [.taken, .skipped])
            #expect(doses.first?.doseQuantity == 1)
            #expect(doses.first?.scheduleType == .asNeeded)
            #expect(doses.first?.sourceRevision.source.name == "Health")
            let skipped = try await Fetch.samples(
                store, Self.doseType, predicate: HKQuery.predicateForMedicationDoseEvent(status: .skipped))
            #expect(skipped.count == 1)
            let ibuprofen = try await Fetch.samples(
                store, Self.doseType,
                predicate: HKQuery.predicateForMedicationDoseEvent(
                    medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: "5640")))
            #expect(ibuprofen.isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func withoutTheDoseEventTypeAnAppSeesNoDosesEvenOfSharedMedications(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await trackMedications(world)
            let store = try await medicationReader(world, sharing: ["5640", "6809"], readsDoses: false)
            #expect(try await medications(store).count == 2)
            #expect(try await Fetch.samples(store, Self.doseType).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func appsMayNotAskToWriteDoseEventsNorReadMedicationsByType(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store(Apps.app("com.example.pills"))
            #expect(
                await failure { try await store.requestAuthorization(toShare: [Self.doseType], read: []) }
                    == .errorInvalidArgument)
            #expect(
                await failure { try await store.requestAuthorization(toShare: [], read: [Self.medicationType]) }
                    == .errorInvalidArgument)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theUserIsAskedAgainWithTheirEarlierDecisions(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await trackMedications(world)
            let sheets = Inbox<[String: Bool]>()
            let store = try await world.store(Apps.app("com.example.pills")) { request in
                guard let objects = request.objects else { return AuthorizationAnswer() }
                sheets.post(Dictionary(uniqueKeysWithValues: objects.candidates.map { ($0.key, $0.allowedBefore) }))
                return AuthorizationAnswer(allowedObjects: ["5640"])
            }
            try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
            #expect(try await sheets.next() == ["5640": false, "6809": false])
            try await store.requestPerObjectReadAuthorization(for: Self.medicationType, predicate: nil)
            #expect(try await sheets.next() == ["5640": true, "6809": false])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDoseOfAMedicationNotTrackedIsRefusedAndNothingIsStored(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await trackMedications(world)
            let error = await #expect(throws: HKError.self) {
                try await world.logDose(Medications.dose("999999", at: Date(timeIntervalSince1970: 1_700_000_000)))
            }
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message == "No medication with the concept code 999999 is tracked")
            let store = try await medicationReader(world, sharing: ["5640", "6809"])
            #expect(try await Fetch.samples(store, Self.doseType).count == 3)
        }
    }
}
