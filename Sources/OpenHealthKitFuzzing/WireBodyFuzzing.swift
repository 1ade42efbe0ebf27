import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
package import OpenHealthKitWire

/// The JSON bodies of healthd's routes that take one, run on a store of their own.
///
/// An input is a few requests, one per line (at most ``maximumRequests``): a line's first byte `b` picks the route,
/// `bodies[b % n]`, and the caller, the owner when `b / n` is even and an app otherwise (allowed to share and read
/// heart rates, steps and blood pressure, denied reading sleep, allowed to share vision prescriptions, and the saver
/// of one, ``prescriptionUUID``, so that files can be attached; allowed to share and read workouts, routes and effort
/// scores, and the saver of a workout, ``workoutUUID``, with an activity, ``activityUUID``, and an effort score,
/// ``effortUUID``, related to it, so that the workout routes have something to work on; the owner tracks one
/// medication, ``medicationCode``, so that doses can be logged); the rest of the line is the body. Each body is decoded as healthd decodes it
/// (``WireRequestBody``), turned into model values as its route does, and run on the input's own in-memory store, in
/// order: a save and then a statistics query over what it saved is one input, and replays the same way alone.
/// (healthd's own checks around these, credentials, callback URLs and credential lifetimes, are tried over HTTP by
/// schemathesis: Scripts/schemathesis.)
///
/// Refusals are `HKError`s or decoding errors (healthd's 4xx); any other error traps. A sample the wire accepted
/// survives it: written and read back, it is the same sample.
package enum WireBodyFuzzing {
    /// One request's work, for a caller on a store.
    typealias Body = @Sendable (_ body: Data, _ caller: Caller) async throws -> Void

    /// What each route does with its body before it answers. New routes go at the end, so that the committed inputs
    /// keep their routes.
    static let bodies: [(endpoint: WireEndpoint, run: Body)] = [
        (WireRoutes.saveSamples.endpoint, save),
        (
            WireRoutes.deleteSamples.endpoint,
            { data, caller in
                _ = try await caller.engine.delete(
                    uuids: try decode(WireDeleteRequest.self, data).uuids, as: caller.principal)
            }
        ),
        (WireRoutes.deleteMatchingSamples.endpoint, deleteMatching),
        (WireRoutes.querySamples.endpoint, querySamples),
        (WireRoutes.queryAnchored.endpoint, queryAnchored),
        (WireRoutes.querySources.endpoint, querySources),
        (WireRoutes.queryCorrelations.endpoint, queryCorrelations),
        (WireRoutes.queryStatistics.endpoint, queryStatistics),
        (WireRoutes.queryStatisticsCollection.endpoint, queryStatistics),
        (WireRoutes.queryActivitySummaries.endpoint, queryActivitySummaries),
        (WireRoutes.preferredUnits.endpoint, preferredUnits),
        (WireRoutes.checkAuthorization.endpoint, authorizationTypes),
        (WireRoutes.requestAuthorization.endpoint, authorizationTypes),
        (WireRoutes.authorizationRequestStatus.endpoint, authorizationTypes),
        (WireRoutes.enableBackgroundDelivery.endpoint, enableBackgroundDelivery),
        (WireRoutes.acknowledgeBackgroundDelivery.endpoint, acknowledgeBackgroundDelivery),
        (
            WireRoutes.setBackgroundDeliveryCallback.endpoint,
            { data, _ in _ = try decode(WireBackgroundDeliveryCallback.self, data) }
        ),
        (WireRoutes.registerApp.endpoint, { data, _ in _ = try decode(WireAppRegistration.self, data).manifest() }),
        (WireRoutes.setAppGrants.endpoint, setGrants),
        (WireRoutes.answerAuthorization.endpoint, answerAuthorization),
        (WireRoutes.setOwnerCharacteristic.endpoint, setCharacteristic),
        (WireRoutes.setSourcePriority.endpoint, setSourcePriority),
        (WireRoutes.queryQuantitySeries.endpoint, queryQuantitySeries),
        (WireRoutes.queryDocuments.endpoint, queryDocuments),
        (WireRoutes.queryMedications.endpoint, queryMedications),
        (WireRoutes.addAttachment.endpoint, addAttachment),
        (WireRoutes.requestObjectAuthorization.endpoint, requestObjectAuthorization),
        (WireRoutes.saveOwnerMedication.endpoint, saveMedication),
        (WireRoutes.logOwnerDose.endpoint, logDose),
        (WireRoutes.associateWithWorkout.endpoint, associateWithWorkout),
        (WireRoutes.saveWorkoutRoute.endpoint, saveWorkoutRoute),
        (WireRoutes.queryRouteLocations.endpoint, queryRouteLocations),
        (WireRoutes.relateWorkoutEffort.endpoint, relateWorkoutEffort),
        (WireRoutes.unrelateWorkoutEffort.endpoint, unrelateWorkoutEffort),
        (WireRoutes.queryEffortRelationships.endpoint, queryEffortRelationships),
        (WireRoutes.addOwnerWebhook.endpoint, addWebhook),
    ]

    /// The routes whose bodies are fuzzed, in the order the first byte of a request picks them.
    package static var endpoints: [WireEndpoint] { bodies.map(\.endpoint) }

    /// How a request may be refused: as bad input (400) or as not allowed (403). Never as a database failure (503:
    /// what a predicate too large for SQLite gave) nor as an unknown error (500).
    static let refusals: Set<HKError.Code> = [
        .errorInvalidArgument, .errorAuthorizationDenied, .errorAuthorizationNotDetermined,
    ]

    /// The most requests one input runs.
    static let maximumRequests = 8

    /// The app requests are made as when their first byte says so.
    static let app = AppManifest(
        bundleIdentifier: "com.example.fuzz", name: "Fuzz", version: "3", shareUsageDescription: "Reads.",
        updateUsageDescription: "Writes.", hasBackgroundDeliveryEntitlement: true)

    /// The UUID of the vision prescription the app saved on every input's store, which files can be attached to.
    static let prescriptionUUID = UUID(uuidString: "7D3C2B1A-0F9E-4D8C-B7A6-958473625140")!

    /// The app's prescription (``prescriptionUUID``).
    private static func prescription() -> HKGlassesPrescription {
        HKGlassesPrescription(
            uuid: prescriptionUUID, rightEye: nil, leftEye: nil, dateIssued: Date(timeIntervalSince1970: 1_700_000_000),
            expirationDate: nil, device: nil, metadata: nil, sourceRevision: .placeholder())
    }

    /// The UUIDs of the app's workout on every input's store, of its activity, and of the effort score related to it.
    static let workoutUUID = UUID(uuidString: "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D")!
    static let activityUUID = UUID(uuidString: "B2C3D4E5-F6A7-4B8C-9D0E-1F2A3B4C5D6E")!
    static let effortUUID = UUID(uuidString: "C3D4E5F6-A7B8-4C9D-8E1F-2A3B4C5D6E7F")!

    /// The app's workout (``workoutUUID``): a run with one activity (``activityUUID``), as the wire carries it.
    private static func workout() throws -> HKSample {
        let json = """
            {"uuid": "\(workoutUUID)", "type": "HKWorkoutTypeIdentifier", "startDate": 1700000000,
             "endDate": 1700003600, "workoutActivityType": 37,
             "workoutActivities": [{"uuid": "\(activityUUID)", "activityType": 37, "locationType": 3,
                                    "swimmingLocationType": 0, "startDate": 1700000000, "endDate": 1700003600,
                                    "duration": 3600, "workoutEvents": [], "statistics": []}]}
            """
        return try JSONDecoder().decode(WireSample.self, from: Data(json.utf8)).sample()
    }

    /// The effort score (``effortUUID``) related to the app's workout.
    private static func effort() -> HKQuantitySample {
        HKQuantitySample(
            uuid: effortUUID, type: HKQuantityType(.workoutEffortScore),
            quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 7),
            start: Date(timeIntervalSince1970: 1_700_003_600),
            end: Date(timeIntervalSince1970: 1_700_003_600), device: nil, metadata: nil, sourceRevision: .placeholder())
    }

    /// The concept code of the medication the owner tracks on every input's store, whose doses can be logged.
    static let medicationCode = "fuzz-ibuprofen"

    /// The owner's medication (``medicationCode``).
    private static func medication() -> HKUserAnnotatedMedication {
        HKUserAnnotatedMedication(
            nickname: nil, isArchived: false, hasSchedule: true,
            medication: HKMedicationConcept(
                identifier: HKHealthConceptIdentifier(domain: .medication, code: medicationCode),
                displayText: "Ibuprofen 200 mg", generalForm: .tablet, relatedCodings: []))
    }

    /// Who makes a request, on which store.
    struct Caller {
        var engine: HealthEngine
        var principal: Principal

        /// The app's principal, or nil for the owner (whose routes an app may not call).
        var app: AppManifest? {
            if case .app(let manifest) = principal { return manifest }
            return nil
        }
    }

    /// Runs the requests of `data` on a new store; true when every request was accepted.
    static func run(_ data: Data) -> Bool {
        // libFuzzer calls in synchronously: the engine runs inline (every storage executes synchronously).
        try! InlineExecution.complete { await run(data, on: FuzzStore.engine()) }
    }

    private static func run(_ data: Data, on engine: HealthEngine) async -> Bool {
        do {
            try await engine.setGrants(
                [
                    HKQuantityTypeIdentifier.heartRate.rawValue: Grant(
                        share: .sharingAuthorized, read: .authorized),
                    HKQuantityTypeIdentifier.stepCount.rawValue: Grant(
                        share: .sharingAuthorized, read: .authorized),
                    HKQuantityTypeIdentifier.bloodPressureSystolic.rawValue:
                        Grant(share: .sharingAuthorized, read: .authorized),
                    HKQuantityTypeIdentifier.bloodPressureDiastolic.rawValue:
                        Grant(share: .sharingAuthorized, read: .authorized),
                    HKCategoryTypeIdentifier.sleepAnalysis.rawValue: Grant(
                        share: .sharingAuthorized, read: .denied),
                    HKVisionPrescriptionTypeIdentifier: Grant(share: .sharingAuthorized),
                    HKWorkoutTypeIdentifier: Grant(share: .sharingAuthorized, read: .authorized),
                    HKWorkoutRouteTypeIdentifier: Grant(share: .sharingAuthorized, read: .authorized),
                    HKQuantityTypeIdentifier.workoutEffortScore.rawValue:
                        Grant(share: .sharingAuthorized, read: .authorized),
                    HKQuantityTypeIdentifier.estimatedWorkoutEffortScore.rawValue:
                        Grant(share: .sharingAuthorized, read: .authorized),
                ], app: app.bundleIdentifier)
            try await engine.save([prescription(), try workout()], as: .app(app))
            try await engine.relateEffort(effort(), toWorkout: workoutUUID, activity: nil, as: .app(app))
            try await engine.saveMedication(MedicationCoding.row(medication()), as: FuzzStore.owner)
        } catch {
            fatalError("cannot make the fuzz store's grants, prescription, workout and medication: \(error)")
        }
        var accepted = true
        for line in data.split(separator: UInt8(ascii: "\n")).prefix(maximumRequests) {
            let selector = Int(line[line.startIndex])
            let route = bodies[selector % bodies.count]
            let principal: Principal = (selector / bodies.count) % 2 == 0 ? FuzzStore.owner : .app(app)
            do {
                try await route.run(Data(line.dropFirst()), Caller(engine: engine, principal: principal))
            } catch let error as HKError where Self.refusals.contains(error.code) {
                accepted = false
            } catch is DecodingError, is WireRequestBody.Malformed {
                accepted = false
            } catch {
                fatalError("fuzz property violated: \(route.endpoint) threw \(String(reflecting: error))")
            }
        }
        return accepted
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        // The fast codec reads a body as the Codable types do, or leaves it to them.
        if let codable = type as? any Codable.Type,
            let difference = WireRequestBody.fastCodecDisagreement(codable, on: data)
        {
            FuzzCheck.require(false, difference)
        }
        return try WireRequestBody.decode(type, from: data)
    }

    private static func save(_ data: Data, _ caller: Caller) async throws {
        let samples = try decode(WireSaveRequest.self, data).objects.map { try $0.sample() }
        for sample in samples { checkRoundTrip(sample) }
        try await caller.engine.save(samples, as: caller.principal)
    }

    /// A sample the wire accepted is written and read back as itself.
    private static func checkRoundTrip(_ sample: HKSample) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            let written = try encoder.encode(WireSample(sample))
            let again = try JSONDecoder().decode(WireSample.self, from: written).sample()
            let rewritten = try encoder.encode(WireSample(again))
            FuzzCheck.require(
                written == rewritten,
                "a sample changed on the wire: \(String(decoding: written, as: UTF8.self)) became "
                    + String(decoding: rewritten, as: UTF8.self))
        } catch {
            fatalError("fuzz property violated: an accepted sample does not survive the wire: \(error)")
        }
    }

    private static func deleteMatching(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireDeleteObjectsRequest.self, data)
        _ = try await caller.engine.deleteObjects(
            of: try WireTypes.sampleType(body.type), predicate: body.predicate?.tree, as: caller.principal)
    }

    private static func querySamples(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireSampleQuery.self, data)
        let sort = try (body.sort ?? []).map { try $0.rowSort }
        let samples = try await caller.engine.samples(
            of: try WireTypes.sampleType(body.type), predicate: body.predicate?.tree, sort: sort,
            limit: try body.resultLimit, as: caller.principal)
        try encodes(WireSamplesResponse(samples: samples.map(WireSample.init)))
    }

    private static func queryAnchored(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireAnchoredQuery.self, data)
        let changes = try await caller.engine.changes(
            matching: try body.filters(), after: try body.startAnchor, limit: try body.resultLimit,
            as: caller.principal)
        try encodes(WireAnchoredResponse(changes))
    }

    private static func querySources(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireSourceQuery.self, data)
        _ = try await caller.engine.sources(
            of: try WireTypes.sampleType(body.type), predicate: body.predicate?.tree, as: caller.principal)
    }

    private static func queryCorrelations(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireCorrelationQuery.self, data)
        guard let type = try WireTypes.sampleType(body.type) as? HKCorrelationType else {
            throw HKError.invalidArgument("\(body.type) is not a correlation type")
        }
        let memberFilters = try (body.samplePredicates ?? [:]).map { identifier, predicate in
            SampleFilter(type: try WireTypes.sampleType(identifier), predicate: predicate.tree)
        }
        let correlations = try await caller.engine.correlations(
            of: type, predicate: body.predicate?.tree, memberFilters: memberFilters, as: caller.principal)
        try encodes(WireSamplesResponse(samples: correlations.map(WireSample.init)))
    }

    private static func queryStatistics(_ data: Data, _ caller: Caller) async throws {
        let request = try decode(WireStatisticsQuery.self, data).request()
        let result = try await caller.engine.statistics(request, as: caller.principal)
        try encodes(WireStatisticsResponse(result, type: request.type))
    }

    private static func queryQuantitySeries(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireQuantitySeriesQuery.self, data)
        guard let type = try WireTypes.sampleType(body.type) as? HKQuantityType else {
            throw HKError.invalidArgument("\(body.type) is not a quantity type")
        }
        let series = try await caller.engine.quantitySeries(
            of: type, predicate: body.predicate?.tree, orderBySample: body.orderByQuantitySampleStartDate ?? false,
            as: caller.principal)
        try encodes(WireQuantitySeriesResponse(series, type: type))
    }

    private static func queryActivitySummaries(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireActivitySummaryQuery.self, data)
        _ = try await caller.engine.activitySummaries(predicate: body.predicate?.tree, as: caller.principal)
    }

    private static func preferredUnits(_ data: Data, _ caller: Caller) async throws {
        let types = try decode(WirePreferredUnitsRequest.self, data).quantityTypes()
        _ = try await caller.engine.preferredUnits(for: types, as: caller.principal)
    }

    private static func authorizationTypes(_ data: Data, _ caller: Caller) throws {
        _ = try decode(WireAuthorizationRequest.self, data).types()
    }

    private static func enableBackgroundDelivery(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireBackgroundDelivery.self, data)
        let type = try WireTypes.objectType(body.type)
        let frequency = try body.updateFrequency
        if let app = caller.app {
            try await caller.engine.enableBackgroundDelivery(for: type, frequency: frequency, app: app)
        }
    }

    private static func acknowledgeBackgroundDelivery(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireBackgroundDeliveryAcknowledgement.self, data)
        let types = Set(try body.types.map { try WireTypes.objectType($0).identifier })
        guard let app = caller.app else { return }
        let anchor = min(body.anchor, try await caller.engine.currentAnchor())
        try await caller.engine.acknowledgeBackgroundDelivery(of: types, upTo: anchor, app: app.bundleIdentifier)
    }

    private static func setGrants(_ data: Data, _ caller: Caller) async throws {
        let grants = try decode(WireGrants.self, data).grants
        var changed: [String: Grant] = [:]
        for (name, grant) in grants { changed[try WireTypes.objectType(name).identifier] = try grant.grant }
        try await caller.engine.setGrants(changed, app: app.bundleIdentifier)
    }

    private static func answerAuthorization(_ data: Data, _ caller: Caller) throws {
        let body = try decode(WireAuthorizationAnswer.self, data)
        _ = try WireTypes.sampleTypes(body.allowedToShare)
        _ = try WireTypes.objectTypes(body.allowedToRead)
    }

    private static func setCharacteristic(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireCharacteristic.self, data)
        guard let type = HKCharacteristicTypeIdentifier.allCases.first(where: { $0.rawValue == body.type }) else {
            throw HKError.invalidArgument("\(body.type) is not a characteristic type")
        }
        try await caller.engine.setCharacteristic(
            type, to: try body.value.map { try CharacteristicCoding.storedValue($0, for: type) })
        _ = try await caller.engine.characteristic(type, as: caller.principal)
    }

    private static func setSourcePriority(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireSourcePriority.self, data)
        guard let type = try WireTypes.sampleType(body.type) as? HKQuantityType else {
            throw HKError.invalidArgument("\(body.type) is not a quantity type")
        }
        try await caller.engine.setSourcePriority(body.sources, for: type)
    }

    // The document query and the per-object request wait for the owner's answer, which is not input from outside
    // (and waiting would need an executor that libFuzzer's synchronous calls do not have): what they read before
    // asking, and the read after it, run here; the asking is the tests' (DaemonHealthRecordRoutesTests,
    // StoreOnBothBackendsTests).

    private static func queryDocuments(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireDocumentQuery.self, data)
        guard let type = try WireTypes.sampleType(body.type) as? HKDocumentType else {
            throw HKError.invalidArgument("\(body.type) is not a document type")
        }
        let sort = try (body.sort ?? []).map { try $0.rowSort }
        let documents = try await caller.engine.samples(
            of: type, predicate: body.predicate?.tree, sort: sort, limit: try body.resultLimit,
            as: caller.principal,
            documentContent: body.includeDocumentData ? .headerAndData : .header)
        try encodes(WireDocumentsResponse(status: .answered, samples: documents.map(WireSample.init)))
    }

    private static func queryMedications(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireMedicationQuery.self, data)
        let medications = try await caller.engine.medications(
            matching: body.predicate?.tree, limit: try body.resultLimit, as: caller.principal)
        try encodes(WireMedicationsResponse(medications: medications.map(WireMedication.init)))
    }

    private static func addAttachment(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireAttachmentUpload.self, data)
        guard let type = UTType(body.contentType) else {
            throw HKError.invalidArgument("\(body.contentType) is not a content type")
        }
        let attachment = try await caller.engine.addAttachment(
            to: body.object, name: body.name, contentType: type, data: body.data,
            metadata: try WireMetadata.decode(body.metadata), as: caller.principal)
        try encodes(WireAttachment(attachment))
        var read = Data()
        try await caller.engine.readAttachment(attachment.identifier, as: caller.principal) { chunk in
            read.append(chunk)
            return true
        }
        FuzzCheck.require(read == body.data, "an attachment reads back other bytes than were attached")
    }

    private static func requestObjectAuthorization(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireObjectAuthorizationRequest.self, data)
        let type = try WireTypes.objectType(body.type)
        guard type.requiresPerObjectAuthorization() else {
            throw HKError.invalidArgument("\(type.identifier) does not require per-object authorization")
        }
        if type is HKUserAnnotatedMedicationType {
            _ = try await caller.engine.medications(matching: body.predicate?.tree, limit: 0, as: caller.principal)
        } else if let type = type as? HKSampleType {
            _ = try await caller.engine.samples(of: type, predicate: body.predicate?.tree, as: caller.principal)
        }
    }

    private static func saveMedication(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireMedication.self, data)
        try await caller.engine.saveMedication(MedicationCoding.row(body.medication), as: caller.principal)
        try encodes(body)
    }

    private static func logDose(_ data: Data, _ caller: Caller) async throws {
        guard let event = try decode(WireSample.self, data).sample() as? HKMedicationDoseEvent else {
            throw HKError.invalidArgument(
                "A dose is a sample of \(HKMedicationDoseEventTypeIdentifierMedicationDoseEvent)")
        }
        checkRoundTrip(event)
        try await caller.engine.logDose(event, as: caller.principal)
    }

    /// The owner's webhook subscription, as OwnerWebhookRoutes.swift makes it (an app's call is refused there before
    /// its body is read: here it is refused as not allowed).
    private static func addWebhook(_ data: Data, _ caller: Caller) async throws {
        guard caller.app == nil else { throw HKError(.errorAuthorizationDenied, "Owner routes need the owner") }
        let (url, types, allowsExternal) = try decode(WireWebhookRequest.self, data).validated()
        _ = try await caller.engine.addWebhookSubscription(
            url: url, types: types, allowsExternal: allowsExternal,
            secret: "whsec_" + Data(count: 32).base64EncodedString())
    }

    // The workout routes, as WorkoutRoutes.swift runs them (for an app; the owner's principal runs them the same way).

    private static func associateWithWorkout(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireAssociateRequest.self, data)
        try await caller.engine.associate(body.samples, withWorkout: body.workout, as: caller.principal)
    }

    private static func saveWorkoutRoute(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireRouteSaveRequest.self, data)
        guard let route = try body.route.sample() as? HKWorkoutRoute else {
            throw HKError.invalidArgument("route must be a sample of type \(HKWorkoutRouteTypeIdentifier)")
        }
        let locations = try body.locations.map { try $0.row(route: route.uuid) }
        try await caller.engine.saveRoute(route, locations: locations, workout: body.workout, as: caller.principal)
        let page = try await caller.engine.routeLocations(
            of: route.uuid, in: nil, offset: 0, limit: WireRouteLocationsQuery.maximumPage, as: caller.principal)
        try encodes(WireRouteLocationsResponse(locations: page.map(WireLocation.init)))
    }

    private static func queryRouteLocations(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireRouteLocationsQuery.self, data)
        let page = try body.page
        let locations = try await caller.engine.routeLocations(
            of: body.route, in: try body.interval, offset: page.offset, limit: page.limit, as: caller.principal)
        try encodes(WireRouteLocationsResponse(locations: locations.map(WireLocation.init)))
    }

    private static func relateWorkoutEffort(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireEffortRequest.self, data)
        try await caller.engine.relateEffort(
            try body.sample.sample(), toWorkout: body.workout, activity: body.activity, as: caller.principal)
    }

    private static func unrelateWorkoutEffort(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireEffortRequest.self, data)
        try await caller.engine.unrelateEffort(
            try body.sample.sample(), fromWorkout: body.workout, activity: body.activity, as: caller.principal)
    }

    private static func queryEffortRelationships(_ data: Data, _ caller: Caller) async throws {
        let body = try decode(WireEffortQuery.self, data)
        let answer = try await caller.engine.effortRelationships(
            predicate: body.predicate?.tree, after: try body.startAnchor, option: try body.queryOption,
            as: caller.principal)
        try encodes(
            WireEffortResponse(
                relationships: answer.relationships.map(WireEffortRelationship.init), anchor: answer.anchor))
    }

    /// healthd answers with the value's JSON: it must encode (a value that cannot is a 500, never an empty success),
    /// and it must not fail for data the store accepted.
    private static func encodes(_ value: some Encodable) throws {
        do {
            _ = try JSONEncoder().encode(value)
        } catch {
            fatalError("fuzz property violated: healthd could not encode its answer: \(error)")
        }
    }
}
