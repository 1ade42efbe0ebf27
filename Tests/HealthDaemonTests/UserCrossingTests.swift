import CoreLocation
import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import OpenHealthKitWire

/// One healthd serving two users of a PostgreSQL database, Ann and Bob, each with an app of the same bundle
/// identifier and data of their own: nothing of one reaches the other, from any route. One healthd at a time: each
/// holds PostgreSQL connections for its users and its accounts, beside the many the other suites' healthds hold.
@Suite(.serialized) struct UserCrossingTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    /// What each user's app may write and read: every kind of object a route names by UUID.
    static let grantedTypes = [
        heartRate, "HKDataTypeIdentifierHeartbeatSeries", "HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier",
        "HKVisionPrescriptionTypeIdentifier",
    ]

    /// A user of the database: their name and secret (from `PostgresAccounts.add`), their app's credential and the
    /// UUID of a heart rate their app saved.
    struct Person: Sendable {
        let name: String
        let secret: String
        let credential: String
        let sample: UUID

        var basic: [String: String] {
            ["Authorization": "Basic " + Data("\(name):\(secret)".utf8).base64EncodedString()]
        }
    }

    /// healthd on a fresh database with Ann and Bob.
    struct Pair: Sendable {
        let daemon: DaemonHarness
        let ann: Person
        let bob: Person

        func owner(_ person: Person, _ method: String, _ path: String, json: (any Encodable)? = nil) async throws
            -> HTTPAnswer
        {
            try await HTTP.call(method, daemon.url(path), json: json, headers: person.basic)
        }

        func app(_ person: Person, _ method: String, _ path: String, json: (any Encodable)? = nil) async throws
            -> HTTPAnswer
        {
            try await daemon.app(person.credential, method, path, json: json)
        }
    }

    static let app = Apps.app("com.example.shared")

    static func withPair(_ body: (Pair) async throws -> Void) async throws {
        let database = try await TestDatabase.make()
        let accounts = try PostgresAccounts(
            address: try PostgreSQLAddress(url: database.url, password: database.password))
        let daemon = try await DaemonHarness.launch(database: database)
        do {
            let ann = try await person(try accounts.add(name: "ann").secret, "ann", daemon, value: 61)
            let bob = try await person(try accounts.add(name: "bob").secret, "bob", daemon, value: 62)
            try await body(Pair(daemon: daemon, ann: ann, bob: bob))
        } catch {
            try? await daemon.stop()
            throw error
        }
        try await daemon.stop()
    }

    /// Signs `name` in as the owner, registers the shared app, lets it write and read heart rates, saves one.
    private static func person(_ secret: String, _ name: String, _ daemon: DaemonHarness, value: Double)
        async throws -> Person
    {
        let signedIn = Person(name: name, secret: secret, credential: "", sample: UUID())
        let plists = try AppPlists(app)
        let registered = try await HTTP.call(
            "POST", daemon.url("/v1/owner/apps"),
            json: WireAppRegistration(infoPlist: plists.info, entitlements: plists.entitlements),
            headers: signedIn.basic)
        guard registered.status == 201 else {
            throw HarnessError("registering: \(registered.status) \(registered.text)")
        }
        let credential = try registered.decode(WireIssuedCredential.self).credential
        let grant = WireGrant(Grant(share: .sharingAuthorized, read: .authorized))
        let granted = try await HTTP.call(
            "PUT", daemon.url("/v1/owner/apps/\(app.bundleIdentifier)/grants"),
            json: WireGrants(grants: Dictionary(uniqueKeysWithValues: grantedTypes.map { ($0, grant) })),
            headers: signedIn.basic)
        guard granted.status == 200 else { throw HarnessError("granting: \(granted.status) \(granted.text)") }
        var sample = AppClient.beat(value)
        sample.uuid = UUID()
        let saved = try await daemon.app(credential, "POST", "/v1/samples", json: WireSaveRequest(objects: [sample]))
        guard saved.status == 200 else { throw HarnessError("saving: \(saved.status) \(saved.text)") }
        return Person(name: name, secret: secret, credential: credential, sample: sample.uuid)
    }

    /// One user's objects of every kind a route names by UUID, or as many UUIDs no object has (``unknown``).
    struct Objects: Sendable {
        var sample = UUID(), heartbeats = UUID(), workout = UUID(), route = UUID(), prescription = UUID()
        var attachment = UUID(), request = UUID()

        static var unknown: Objects { Objects() }
    }

    /// The calls of the routes that name an object of the store by UUID, with `objects`' of its kind in its place;
    /// nil for a route that names none (its answers come from the caller's store alone: ``routesNamingNoObject``).
    static func probe(_ endpoint: WireEndpoint, _ objects: Objects) -> (
        method: String, path: String, json: (any Encodable)?
    )? {
        switch endpoint {
        case WireRoutes.heartbeatSeriesBeats.endpoint:
            ("GET", WireRoutes.heartbeatSeriesBeats.path(objects.heartbeats), nil)
        // Electrocardiograms come only from imports (no app writes one): the route is tried on Bob's heart rate.
        case WireRoutes.electrocardiogramVoltages.endpoint:
            ("GET", WireRoutes.electrocardiogramVoltages.path(objects.sample), nil)
        case WireRoutes.objectAttachments.endpoint:
            ("GET", WireRoutes.objectAttachments.path(objects.prescription), nil)
        case WireRoutes.attachmentData.endpoint: ("GET", WireRoutes.attachmentData.path(objects.attachment), nil)
        case WireRoutes.removeAttachment.endpoint: ("DELETE", WireRoutes.removeAttachment.path(objects.attachment), nil)
        case WireRoutes.authorizationRequest.endpoint:
            ("GET", WireRoutes.authorizationRequest.path(objects.request), nil)
        case WireRoutes.deleteSamples.endpoint:
            ("POST", WireRoutes.deleteSamples.path, WireDeleteRequest(uuids: [objects.sample, objects.heartbeats]))
        case WireRoutes.associateWithWorkout.endpoint:
            (
                "POST", WireRoutes.associateWithWorkout.path,
                WireAssociateRequest(workout: objects.workout, samples: [objects.sample])
            )
        case WireRoutes.queryRouteLocations.endpoint:
            (
                "POST", WireRoutes.queryRouteLocations.path,
                WireRouteLocationsQuery(route: objects.route, interval: nil, offset: 0, limit: 10)
            )
        default: nil
        }
    }

    /// Saves, through `person`'s app, an object of every kind a route names: a heartbeat series, a workout with a
    /// route, glasses with a scan attached, and a permission request left waiting (besides the heart rate).
    static func objects(of person: Person, _ pair: Pair) async throws -> Objects {
        let store = pair.daemon.store(credential: person.credential)
        var objects = Objects()
        objects.sample = person.sample
        let series = DaemonSampleKindTests.heartbeats([0.4, 1.3])
        objects.heartbeats = series.uuid
        let saved = try await pair.app(person, "POST", "/v1/samples", json: WireSaveRequest(objects: [series]))
        guard saved.status == 200 else { throw HarnessError("saving beats: \(saved.status) \(saved.text)") }
        let start = DaemonSampleKindTests.start
        let workout = HKWorkout(
            activityType: .running, start: start, end: start.addingTimeInterval(600), workoutEvents: nil,
            totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
        try await store.save(workout)
        objects.workout = workout.uuid
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData([
            CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 52, longitude: 13.4), altitude: 30,
                horizontalAccuracy: 4, verticalAccuracy: 2, course: 0, speed: 3, timestamp: start)
        ])
        objects.route = try await builder.finishRoute(with: workout, metadata: nil).uuid
        let prescription = StoreOnBothBackendsTests.glasses()
        try await store.save(prescription)
        objects.prescription = prescription.uuid
        let folder = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        objects.attachment = try await HKAttachmentStore(healthStore: store).addAttachment(
            to: prescription, name: "scan.png", contentType: .png,
            url: try StoreOnBothBackendsTests.file(
                Array(StoreOnBothBackendsTests.png.prefix(64)), named: "scan.png", in: folder),
            metadata: nil
        ).identifier
        let asked = try await pair.app(
            person, "POST", "/v1/authorization/request?wait=0",
            json: try WireAuthorizationRequest.names(["stepCount"], ["stepCount"]))
        guard asked.status == 202 else { throw HarnessError("asking: \(asked.status) \(asked.text)") }
        try await waitUntil("the request to be pending") {
            let pending = try await pair.owner(person, "GET", "/v1/owner/authorization/pending")
            guard let id = try pending.decode(WirePendingRequests.self).requests.first?.id else { return false }
            objects.request = id
            return true
        }
        return objects
    }

    /// The routes that name no object by UUID, and why they cannot reach another user's: each answers from the store
    /// of the credential's (or the signed-in owner's) user alone. A route added to `WireRoutes` must be put here or
    /// get a ``probe(_:_:)``, or `everyRouteIsProbedOrNamesNoObject` fails.
    static let routesNamingNoObject: Set<WireEndpoint> = Set(
        [
            // Public: no user's data.
            WireRoutes.openAPI, WireRoutes.status, WireRoutes.webApp,
            // The caller's app, or queries and writes on the caller's store, by type and predicate.
            WireRoutes.app, WireRoutes.saveSamples, WireRoutes.deleteMatchingSamples, WireRoutes.querySamples,
            WireRoutes.queryAnchored, WireRoutes.querySources, WireRoutes.queryCorrelations,
            WireRoutes.queryStatistics, WireRoutes.queryStatisticsCollection, WireRoutes.queryActivitySummaries,
            WireRoutes.queryQuantitySeries, WireRoutes.anchor, WireRoutes.preferredUnits, WireRoutes.saveWorkoutRoute,
            WireRoutes.relateWorkoutEffort, WireRoutes.unrelateWorkoutEffort, WireRoutes.queryEffortRelationships,
            WireRoutes.queryDocuments, WireRoutes.queryMedications, WireRoutes.healthRecords, WireRoutes.addAttachment,
            WireRoutes.checkAuthorization, WireRoutes.requestAuthorization, WireRoutes.authorizationRequestStatus,
            WireRoutes.authorizationStatus, WireRoutes.requestObjectAuthorization, WireRoutes.changeStream,
            WireRoutes.backgroundDeliveries, WireRoutes.enableBackgroundDelivery,
            WireRoutes.disableBackgroundDelivery, WireRoutes.acknowledgeBackgroundDelivery,
            WireRoutes.setBackgroundDeliveryCallback, WireRoutes.removeBackgroundDeliveryCallback,
            // The signed-in owner's own: apps by bundle identifier, their requests, settings and log.
            WireRoutes.ownerApps, WireRoutes.registerApp, WireRoutes.pendingAuthorizations, WireRoutes.ownerSources,
            WireRoutes.sourcePriority, WireRoutes.setSourcePriority, WireRoutes.auditLog, WireRoutes.ownerMedications,
            WireRoutes.saveOwnerMedication, WireRoutes.logOwnerDose, WireRoutes.ownerWebhooks,
            WireRoutes.addOwnerWebhook,
            // A push with an ingest key, whose store the key names: tried across users by
            // `anIngestKeyPushesIntoItsOwnUsersStoreOnlyEvenWhenItNamesTheOther`.
            WireRoutes.ingestHealthAutoExport,
        ].map(\.endpoint) + [
            WireRoutes.characteristic.endpoint, WireRoutes.ownerApp.endpoint, WireRoutes.revokeApp.endpoint,
            WireRoutes.appGrants.endpoint, WireRoutes.setAppGrants.endpoint, WireRoutes.revokeAppGrants.endpoint,
            WireRoutes.ownerCharacteristic.endpoint, WireRoutes.setOwnerCharacteristic.endpoint,
            // Tried across users by `bobCannotAnswerAnnsPermissionRequest`.
            WireRoutes.answerAuthorization.endpoint,
            // Tried across users by `annCannotReachBobsWebhookByItsID`.
            WireRoutes.removeOwnerWebhook.endpoint, WireRoutes.ownerWebhookDeliveries.endpoint,
        ])

    @Test func everyRouteIsProbedOrNamesNoObject() {
        for endpoint in WireRoutes.all {
            let probed = Self.probe(endpoint, .unknown) != nil
            #expect(probed != Self.routesNamingNoObject.contains(endpoint), "\(endpoint): probe it or say why not")
        }
    }

    @Test func annsCredentialOnBobsObjectsGetsTheAnswerOfUnknownUUIDs() async throws {
        try await Self.withPair { pair in
            let bobs = try await Self.objects(of: pair.bob, pair)
            for endpoint in WireRoutes.all {
                guard let crossing = Self.probe(endpoint, bobs), let unknown = Self.probe(endpoint, .unknown) else {
                    continue
                }
                let across = try await pair.app(pair.ann, crossing.method, crossing.path, json: crossing.json)
                let nowhere = try await pair.app(pair.ann, unknown.method, unknown.path, json: unknown.json)
                #expect(across.status == nowhere.status, "\(endpoint)")
                #expect(Self.withoutUUIDs(across.text) == Self.withoutUUIDs(nowhere.text), "\(endpoint)")
            }
            // Bob's objects are all still there, for Bob.
            let samples = try await pair.app(pair.bob, "POST", "/v1/queries/samples", json: ["type": Self.heartRate])
            #expect(try samples.decode(WireSamplesResponse.self).samples.map(\.uuid) == [pair.bob.sample])
            let beats = try await pair.app(pair.bob, "GET", WireRoutes.heartbeatSeriesBeats.path(bobs.heartbeats))
            #expect(beats.status == 200)
            let scan = try await pair.app(pair.bob, "GET", WireRoutes.attachmentData.path(bobs.attachment))
            #expect(scan.status == 200)
            let request = try await pair.app(pair.bob, "GET", WireRoutes.authorizationRequest.path(bobs.request))
            #expect(request.status == 200)
            let route = try await pair.app(
                pair.bob, "POST", WireRoutes.queryRouteLocations.path,
                json: WireRouteLocationsQuery(route: bobs.route, interval: nil, offset: 0, limit: 10))
            #expect(route.status == 200)
        }
    }

    /// Health's pages and forms that name an object, with `objects`' of its kind in their place.
    static func pages(_ objects: Objects) -> [(method: String, path: String)] {
        [
            ("GET", "/workouts/\(objects.workout)"), ("GET", "/electrocardiograms/\(objects.sample)"),
            ("GET", "/audiograms/\(objects.sample)"), ("GET", "/records/\(objects.prescription)"),
            ("GET", "/records/documents/\(objects.prescription)"),
            ("GET", "/records/vision/attachments/\(objects.attachment)"), ("GET", "/import/jobs/\(objects.request)"),
            ("POST", "/permissions/\(objects.request)"),
            ("POST", "/types/\(heartRate)/samples/\(objects.sample)/delete"),
            ("POST", "/records/vision/\(objects.prescription)/attachments/\(objects.attachment)/remove"),
        ]
    }

    @Test func annsHealthSessionOnBobsObjectsGetsThePagesOfUnknownOnes() async throws {
        try await Self.withPair { pair in
            let bobs = try await Self.objects(of: pair.bob, pair)
            let ann = try await WebClient.signIn(pair.daemon, name: pair.ann.name, secret: pair.ann.secret)
            let csrf = try #require(WebClient.csrf(in: try await WebClient.get("/", pair.daemon, cookie: ann).text))
            for (across, nowhere) in zip(Self.pages(bobs), Self.pages(.unknown)) {
                // Each answer, then the page after it (which shows the message a form leaves for it).
                var answers: [WebClient.Page] = []
                for page in [across, nowhere] {
                    answers.append(
                        page.method == "GET"
                            ? try await WebClient.get(page.path, pair.daemon, cookie: ann)
                            : try await WebClient.post(page.path, pair.daemon, cookie: ann, form: ["csrf": csrf]))
                    answers.append(try await WebClient.get("/", pair.daemon, cookie: ann))
                }
                #expect(answers.map(\.status)[0...1] == answers.map(\.status)[2...3], "\(across.path)")
                #expect(
                    answers[0...1].map { Self.withoutUUIDs($0.text) }
                        == answers[2...3].map { Self.withoutUUIDs($0.text) },
                    "\(across.path)")
            }
            // Nothing of Bob's was removed or answered.
            let bob = try await WebClient.signIn(pair.daemon, name: pair.bob.name, secret: pair.bob.secret)
            #expect(try await WebClient.get("/workouts/\(bobs.workout)", pair.daemon, cookie: bob).status == 200)
            let scan = try await WebClient.get(
                "/records/vision/attachments/\(bobs.attachment)", pair.daemon, cookie: bob)
            #expect(scan.status == 200)
            let pending = try await pair.owner(pair.bob, "GET", "/v1/owner/authorization/pending")
            #expect(try pending.decode(WirePendingRequests.self).requests.map(\.id) == [bobs.request])
            let samples = try await pair.app(pair.bob, "POST", "/v1/queries/samples", json: ["type": Self.heartRate])
            #expect(try samples.decode(WireSamplesResponse.self).samples.map(\.uuid) == [pair.bob.sample])
        }
    }

    /// A session cookie is `<user>.<token>`: one user's token under another's number signs nobody in.
    @Test func aSessionCookieWithAnotherUsersNumberSignsNobodyIn() async throws {
        try await Self.withPair { pair in
            let ann = try await WebClient.signIn(pair.daemon, name: pair.ann.name, secret: pair.ann.secret)
            let bob = try await WebClient.signIn(pair.daemon, name: pair.bob.name, secret: pair.bob.secret)
            let (annsNumber, annsToken) = try #require(Self.parts(ann))
            let (bobsNumber, bobsToken) = try #require(Self.parts(bob))
            #expect(annsNumber != bobsNumber)
            for forged in ["\(bobsNumber).\(annsToken)", "\(annsNumber).\(bobsToken)"] {
                for path in ["/", "/workouts", "/records", "/log"] {
                    let page = try await WebClient.get(path, pair.daemon, cookie: forged)
                    #expect(page.status == 303, "\(path) with \(forged)")
                    #expect(!page.text.contains(pair.bob.name) && !page.text.contains(pair.ann.name))
                }
            }
            #expect(try await WebClient.get("/", pair.daemon, cookie: ann).status == 200)
        }
    }

    /// The user number and token of a session cookie's value.
    static func parts(_ cookie: String) -> (String, String)? {
        let parts = cookie.split(separator: ".", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// `text` with every UUID in it replaced by `<id>`: the UUIDs a probe names differ, the answers must not.
    static func withoutUUIDs(_ text: String) -> String {
        text.replacing(/[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}/, with: "<id>")
    }

    @Test func annsQueriesSeeOnlyAnnsSamples() async throws {
        try await Self.withPair { pair in
            let anns = try await pair.app(pair.ann, "POST", "/v1/queries/samples", json: ["type": Self.heartRate])
            #expect(try anns.decode(WireSamplesResponse.self).samples.map(\.uuid) == [pair.ann.sample])
        }
    }

    @Test func annsAuditLogListsNoneOfBobsEntries() async throws {
        try await Self.withPair { pair in
            let log = try await pair.owner(pair.ann, "GET", "/v1/owner/audit").decode(WireAuditLog.self)
            let operations = log.entries.map(\.operation)
            // Ann's app saved once; Bob's save is in Bob's log only.
            #expect(operations.filter { $0 == "save" }.count == 1)
            let bobs = try await pair.owner(pair.bob, "GET", "/v1/owner/audit").decode(WireAuditLog.self)
            #expect(bobs.entries.filter { $0.operation == "save" }.count == 1)
        }
    }

    @Test func annsChangeStreamNeverHearsBobsSaves() async throws {
        try await Self.withPair { pair in
            let reader = EventStreamReader(
                url: pair.daemon.url("/v1/changes/stream?types=\(Self.heartRate)"), credential: pair.ann.credential,
                lastEventID: nil)
            defer { reader.close() }
            #expect(try await reader.connected() == 200)
            var bobs = AppClient.beat(70, at: 1_700_000_500)
            bobs.uuid = UUID()
            #expect(
                try await pair.app(pair.bob, "POST", "/v1/samples", json: WireSaveRequest(objects: [bobs])).status
                    == 200)
            var anns = AppClient.beat(71, at: 1_700_000_600)
            anns.uuid = UUID()
            #expect(
                try await pair.app(pair.ann, "POST", "/v1/samples", json: WireSaveRequest(objects: [anns])).status
                    == 200)
            // Ann's own save is heard; by then Bob's, made before it, would have been.
            let events = try await reader.wait(until: { !$0.isEmpty })
            #expect(events.count == 1)
            let anchor = try await pair.app(pair.ann, "GET", "/v1/anchor").decode(WireAnchorResponse.self).anchor
            #expect(events.first?.id == anchor)
        }
    }

    @Test func bobCannotAnswerAnnsPermissionRequest() async throws {
        try await Self.withPair { pair in
            let asked = try await pair.app(
                pair.ann, "POST", "/v1/authorization/request?wait=0",
                json: try WireAuthorizationRequest.names(["stepCount"], ["stepCount"]))
            #expect(asked.status == 202)
            // The request is kept even when the answer came before it was: Ann's owner sees it.
            var annsRequests: [UUID] = []
            try await waitUntil("Ann's request to be pending") {
                let pending = try await pair.owner(pair.ann, "GET", "/v1/owner/authorization/pending")
                annsRequests = try pending.decode(WirePendingRequests.self).requests.map(\.id)
                return !annsRequests.isEmpty
            }
            let id = try #require(annsRequests.first)
            let bobsPending = try await pair.owner(pair.bob, "GET", "/v1/owner/authorization/pending")
            #expect(try bobsPending.decode(WirePendingRequests.self).requests.isEmpty)
            let answer = WireAuthorizationAnswer(allowedToShare: [], allowedToRead: [])
            let bobAnswers = try await pair.owner(
                pair.bob, "POST", WireRoutes.answerAuthorization.path(id), json: answer)
            let nobodyAnswers = try await pair.owner(
                pair.bob, "POST", WireRoutes.answerAuthorization.path(UUID()), json: answer)
            #expect(bobAnswers.status == nobodyAnswers.status)
            #expect(bobAnswers.status == 404)
            let annsPending = try await pair.owner(pair.ann, "GET", "/v1/owner/authorization/pending")
            #expect(try annsPending.decode(WirePendingRequests.self).requests.map(\.id) == [id])
        }
    }

    @Test func anUnknownNameAndAWrongSecretGetTheSameAnswer() async throws {
        try await Self.withPair { pair in
            let nobody = Person(name: "carol", secret: pair.ann.secret, credential: "", sample: UUID())
            let wrong = Person(name: "ann", secret: pair.bob.secret, credential: "", sample: UUID())
            let unknown = try await pair.owner(nobody, "GET", "/v1/owner/apps")
            let mismatched = try await pair.owner(wrong, "GET", "/v1/owner/apps")
            #expect(unknown.status == 401)
            #expect(
                unknown.status == mismatched.status && unknown.text == mismatched.text,
                "unknown: \(unknown.status) \(unknown.text); mismatched: \(mismatched.status) \(mismatched.text)")
        }
    }

    @Test func aRemovedUsersSecretAndCredentialsStopWorkingAtOnce() async throws {
        try await Self.withPair { pair in
            #expect(try await pair.app(pair.bob, "GET", "/v1/anchor").status == 200)
            let accounts = try PostgresAccounts(
                address: try PostgreSQLAddress(
                    url: try #require(pair.daemon.database).url, password: try #require(pair.daemon.database).password))
            try accounts.remove(name: "bob")
            #expect(try await pair.app(pair.bob, "GET", "/v1/anchor").status == 401)
            #expect(try await pair.owner(pair.bob, "GET", "/v1/owner/apps").status == 401)
            #expect(try await pair.app(pair.ann, "GET", "/v1/anchor").status == 200)
        }
    }
}
