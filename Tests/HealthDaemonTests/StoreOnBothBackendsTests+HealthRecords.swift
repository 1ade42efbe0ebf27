import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

/// Health records and CDA documents on both backends: clinical records arrive with an import and are read-only, with
/// their own usage description; documents are read through HKDocumentQuery, the user deciding about each one.
extension StoreOnBothBackendsTests {
    static let labResults = HKObjectType.clinicalType(forIdentifier: .labResultRecord)!
    static let immunizations = HKObjectType.clinicalType(forIdentifier: .immunizationRecord)!
    static let cda = HKObjectType.documentType(forIdentifier: .CDA)!

    /// An app that may ask to read health records.
    static func recordsApp(_ bundleIdentifier: String = "com.example.records") -> AppManifest {
        var app = Apps.app(bundleIdentifier)
        app.clinicalHealthRecordsShareUsageDescription = "Shows your lab results next to your readings."
        return app
    }

    /// A clinical record as an import stores it: an institution's FHIR resource, dated when it was downloaded.
    static func clinicalRow(
        _ type: HKClinicalTypeIdentifier, resourceType: String, id: String, name: String, at seconds: Double
    ) -> SampleRow {
        let resource = #"{"resourceType":"\#(resourceType)","id":"\#(id)","code":{"text":"\#(name)"}}"#
        return SampleRow(
            uuid: UUID(), typeIdentifier: type.rawValue, startDate: seconds, endDate: seconds, value: nil,
            source: SourceRow(bundleIdentifier: "org.openhealthkit.export.records-charite", name: "Charité"),
            revision: RevisionRow(),
            detail: .clinicalRecord(
                ClinicalRecordRow(
                    resourceType: resourceType, identifier: id, fhirVersion: "4.0.1",
                    sourceURL: "https://fhir.example.org/r4/\(resourceType)/\(id)", displayName: name,
                    resource: resource, resourceFilePath: nil)))
    }

    /// Two lab results and an immunization, imported.
    func importRecords(_ world: StoreWorld) async throws {
        try await world.importSamples([
            Self.clinicalRow(
                .labResultRecord, resourceType: "Observation", id: "hba1c", name: "Hemoglobin A1c", at: 1_700_000_000),
            Self.clinicalRow(
                .labResultRecord, resourceType: "Observation", id: "ldl", name: "LDL Cholesterol", at: 1_700_000_060),
            Self.clinicalRow(
                .immunizationRecord, resourceType: "Immunization", id: "flu", name: "Influenza", at: 1_700_000_120),
        ])
    }

    @Test(arguments: StoreBackend.allCases)
    func healthRecordsAreSupportedOnceTheStoreHoldsSome(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store(Self.recordsApp())
            #expect(store.supportsHealthRecords() == false)
            try await importRecords(world)
            #expect(store.supportsHealthRecords())
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppAllowedToReadLabResultsGetsThemWithTheirFHIRResource(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await importRecords(world)
            let store = try await world.store(Self.recordsApp())
            try await store.requestAuthorization(toShare: [], read: [Self.labResults])
            let records = try await Fetch.samples(
                store, Self.labResults, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
            ).compactMap { $0 as? HKClinicalRecord }
            #expect(records.map(\.displayName) == ["Hemoglobin A1c", "LDL Cholesterol"])
            let resource = try #require(records.first?.fhirResource)
            #expect(resource.resourceType == .observation)
            #expect(resource.identifier == "hba1c")
            #expect(resource.fhirVersion == HKFHIRVersion.primaryR4())
            #expect(resource.fhirVersion.fhirRelease == .r4)
            #expect(resource.sourceURL == URL(string: "https://fhir.example.org/r4/Observation/hba1c"))
            let json = try #require(try JSONSerialization.jsonObject(with: resource.data) as? [String: Any])
            #expect(json["id"] as? String == "hba1c")
            #expect(records.first?.clinicalType == Self.labResults)
            #expect(records.first?.startDate == Date(timeIntervalSince1970: 1_700_000_000))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppDeniedHealthRecordsSeesNone(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await importRecords(world)
            let store = try await world.store(Self.recordsApp()) { _ in AuthorizationAnswer() }
            try await store.requestAuthorization(toShare: [], read: [Self.labResults])
            #expect(try await Fetch.samples(store, Self.labResults).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func appsMayNotAskToWriteHealthRecords(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store(Self.recordsApp())
            #expect(
                await failure { try await store.requestAuthorization(toShare: [Self.labResults], read: []) }
                    == .errorInvalidArgument)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func readingHealthRecordsNeedsTheirOwnUsageDescription(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store(Apps.app())
            #expect(
                await failure { try await store.requestAuthorization(toShare: [], read: [Self.labResults]) }
                    == .errorInvalidArgument)
            #expect(store.authorizationStatus(for: Self.labResults) == .notDetermined)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func clinicalRecordPredicatesSelectByResourceTypeAndIdentifier(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await importRecords(world)
            let store = try await world.store(Self.recordsApp())
            try await store.requestAuthorization(toShare: [], read: [Self.labResults, Self.immunizations])
            let observations = try await Fetch.samples(
                store, Self.labResults,
                predicate: HKQuery.predicateForClinicalRecords(withFHIRResourceType: .observation))
            #expect(observations.count == 2)
            let institution = try #require(try await Fetch.sources(store, Self.labResults).first)
            #expect(institution.name == "Charité")
            let ldl = try await Fetch.samples(
                store, Self.labResults,
                predicate: HKQuery.predicateForClinicalRecords(
                    from: institution, fhirResourceType: .observation, identifier: "ldl"))
            #expect(ldl.compactMap { ($0 as? HKClinicalRecord)?.displayName } == ["LDL Cholesterol"])
            let none = try await Fetch.samples(
                store, Self.immunizations,
                predicate: HKQuery.predicateForClinicalRecords(withFHIRResourceType: .observation))
            #expect(none.isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDocumentSavedByAnAppComesBackWholeThroughADocumentQuery(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.cda])
            let document = try HKCDADocumentSample(
                data: CDADocuments.document(title: "Visit Summary"), start: Date(timeIntervalSince1970: 1_700_000_000),
                end: Date(timeIntervalSince1970: 1_700_003_600), metadata: nil)
            try await store.save(document)
            let found = try await documents(store, includeData: true)
            try #require(found.count == 1)
            let stored = try #require(found.first?.document)
            #expect(found.first?.uuid == document.uuid)
            #expect(stored.title == "Visit Summary")
            #expect(stored.patientName == "Anna Muster")
            #expect(stored.authorName == "Jonas Weber")
            #expect(stored.custodianName == "Charité")
            #expect(stored.documentData == CDADocuments.document(title: "Visit Summary"))
            #expect(try await documents(store, includeData: false).first?.document?.documentData == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDocumentQueryAsksAboutOtherSourcesDocumentsOnceAndReturnsThoseAllowed(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let writer = try await world.authorizedStore(Apps.app("com.example.clinic"), for: [Self.cda])
            let kept = try HKCDADocumentSample(
                data: CDADocuments.document(title: "Allowed"), start: Date(timeIntervalSince1970: 1_700_000_000),
                end: Date(timeIntervalSince1970: 1_700_000_000), metadata: nil)
            let secret = try HKCDADocumentSample(
                data: CDADocuments.document(title: "Private"), start: Date(timeIntervalSince1970: 1_700_000_100),
                end: Date(timeIntervalSince1970: 1_700_000_100), metadata: nil)
            try await writer.save([kept, secret])
            let asked = Protected<[[String]]>([])
            let reader = try await world.store(Apps.app("com.example.reader")) { request in
                guard let objects = request.objects else { return .allowAll(request) }
                asked.withLock { $0.append(objects.candidates.map(\.label).sorted()) }
                return AuthorizationAnswer(
                    allowedObjects: Set(objects.candidates.filter { $0.label.contains("Allowed") }.map(\.key)))
            }
            try await reader.requestAuthorization(toShare: [], read: [Self.cda])
            #expect(try await documents(reader, includeData: false).map(\.uuid) == [kept.uuid])
            #expect(try await documents(reader, includeData: false).map(\.uuid) == [kept.uuid])
            #expect(asked.withLock { $0.count } == 1)
            #expect(asked.withLock { $0.first?.count } == 2)
        }
    }

    /// The documents an HKDocumentQuery delivers, in date order.
    func documents(_ store: HKHealthStore, includeData: Bool) async throws -> [HKCDADocumentSample] {
        let inbox = Inbox<Result<[HKCDADocumentSample], HKError>>()
        let collected = Protected<[HKCDADocumentSample]>([])
        store.execute(
            HKDocumentQuery(
                documentType: Self.cda, predicate: nil, limit: HKObjectQueryNoLimit,
                sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)],
                includeDocumentData: includeData
            ) { _, documents, done, error in
                if let error { return inbox.post(.failure(error as! HKError)) }
                collected.withLock { $0 += documents?.compactMap { $0 as? HKCDADocumentSample } ?? [] }
                if done { inbox.post(.success(collected.withLock { $0 })) }
            })
        return try await inbox.next().get()
    }
}
