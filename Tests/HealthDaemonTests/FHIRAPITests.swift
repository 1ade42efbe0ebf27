import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// healthd's FHIR R4 API (`/fhir/r4`): what it finds, how it pages, and how it refuses, on healthd's SQLite file and
/// on PostgreSQL. (Tests/fhir validates its answers with an independent FHIR library.)
@Suite struct FHIRAPITests {
    static let backends: [StoreBackend] = [.remote, .remotePostgreSQL]
    let heartRate = HKQuantityType(.heartRate)
    let steps = HKQuantityType(.stepCount)
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)
    let bpm = HKUnit.count().unitDivided(by: .minute())
    /// 2023-11-14T22:13:20Z.
    static let base: TimeInterval = 1_700_000_000

    func date(_ offset: TimeInterval) -> Date { Date(timeIntervalSince1970: Self.base + offset) }

    func beat(_ value: Double, at offset: TimeInterval) -> HKQuantitySample {
        HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date(offset),
            end: date(offset))
    }

    func stepCount(_ value: Double, at offset: TimeInterval) -> HKQuantitySample {
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: value), start: date(offset),
            end: date(offset + 60))
    }

    func bloodPressure(at offset: TimeInterval) -> HKCorrelation {
        let pressure = HKUnit.millimeterOfMercury()
        let members: Set<HKSample> = [
            HKQuantitySample(
                type: systolic, quantity: HKQuantity(unit: pressure, doubleValue: 120), start: date(offset),
                end: date(offset)),
            HKQuantitySample(
                type: diastolic, quantity: HKQuantity(unit: pressure, doubleValue: 80), start: date(offset),
                end: date(offset)),
        ]
        return HKCorrelation(
            type: HKCorrelationType(.bloodPressure), start: date(offset), end: date(offset), objects: members)
    }

    /// A healthd holding `objects`, saved by an app.
    func withStore(_ backend: StoreBackend, _ objects: [HKObject], _ body: (DaemonHarness) async throws -> Void)
        async throws
    {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate, steps, systolic, diastolic])
            try await store.save(objects)
            try await body(try #require(world.daemon))
        }
    }

    // MARK: Capabilities

    @Test func theCapabilityStatementNeedsNoCredentialAndListsWhatIsSearched() async throws {
        try await withDaemon { daemon in
            let answer = try await daemon.app(nil, "GET", "/fhir/r4/metadata")
            #expect(answer.status == 200)
            #expect(answer.contentType?.hasPrefix("application/fhir+json") == true)
            let statement = try JSON(answer)
            #expect(statement["resourceType"] as? String == "CapabilityStatement")
            #expect(statement["fhirVersion"] as? String == "4.0.1")
            let rest = try #require((statement["rest"] as? [[String: Any]])?.first)
            let resources = try #require(rest["resource"] as? [[String: Any]])
            #expect(resources.compactMap { $0["type"] as? String } == ["Patient", "Device", "Observation"])
            let operations = rest["operation"] as? [[String: Any]] ?? []
            #expect(operations.compactMap { $0["name"] as? String } == ["export"])
        }
    }

    @Test func readsAndSearchesNeedTheOwnersCredentialAndRefuseAnAppsAsAnOperationOutcome() async throws {
        try await withDaemon { daemon in
            let credential = try await daemon.register(Apps.app())
            for path in ["/fhir/r4/Observation", "/fhir/r4/Patient", "/fhir/r4/Observation/\(UUID())"] {
                for caller in [nil, credential] {
                    let answer = try await daemon.app(caller, "GET", path)
                    #expect(answer.status == 401, "\(path)")
                    #expect(try Outcome(answer).code == "login", "\(path)")
                }
            }
        }
    }

    // MARK: Search

    @Test(arguments: backends)
    func aSearchByLOINCCodeFindsThatTypesSamplesInDateOrder(_ backend: StoreBackend) async throws {
        let beats = [beat(61, at: 120), beat(60, at: 0), beat(62, at: 240)]
        try await withStore(backend, beats + [stepCount(100, at: 60)]) { daemon in
            let bundle = try await Searchset(daemon, "Observation?code=http://loinc.org%7C8867-4")
            #expect(bundle.ids == [beats[1], beats[0], beats[2]].map(\.fhirID))
            let first = try #require(bundle.resources.first)
            let quantity = try #require(first["valueQuantity"] as? [String: Any])
            #expect(quantity["value"] as? Double == 60)
            #expect(quantity["code"] as? String == "/min")
            #expect(first["effectiveDateTime"] as? String == "2023-11-14T22:13:20+00:00")
            #expect(
                (first["subject"] as? [String: Any])?["reference"] as? String
                    == "Patient/\(try await patientID(daemon))")
        }
    }

    @Test(arguments: backends)
    func aCodeInOpenHealthKitsSystemOrWithoutASystemFindsTheSameType(_ backend: StoreBackend) async throws {
        let sample = stepCount(100, at: 0)
        try await withStore(backend, [sample, beat(60, at: 0)]) { daemon in
            for code in [
                "https://openhealthkit.org/fhir/CodeSystem/healthkit-type%7CHKQuantityTypeIdentifierStepCount",
                "HKQuantityTypeIdentifierStepCount",
            ] {
                let found = try await Searchset(daemon, "Observation?code=\(code)").ids
                #expect(found == [sample.fhirID], "\(code)")
            }
            let inLOINC = try await Searchset(
                daemon, "Observation?code=http://loinc.org%7CHKQuantityTypeIdentifierStepCount"
            ).ids
            #expect(inLOINC.isEmpty)
        }
    }

    @Test(arguments: backends)
    func dateParametersSelectByTheEffectiveTime(_ backend: StoreBackend) async throws {
        // 22:13:20, 23:13:20 on 2023-11-14, and 00:13:20 on the 15th (UTC).
        let beats = [beat(60, at: 0), beat(61, at: 3600), beat(62, at: 7200)]
        try await withStore(backend, beats) { daemon in
            func ids(_ query: String) async throws -> [String] {
                try await Searchset(daemon, "Observation?code=8867-4&\(query)").ids
            }
            let onThe14th = try await ids("date=2023-11-14")
            #expect(onThe14th == [beats[0].fhirID, beats[1].fhirID])
            let fromThe15th = try await ids("date=ge2023-11-15")
            #expect(fromThe15th == [beats[2].fhirID])
            let before23 = try await ids("date=lt2023-11-14T23:00:00Z")
            #expect(before23 == [beats[0].fhirID])
            let from23To24 = try await ids("date=ge2023-11-14T23:00:00Z&date=le2023-11-14T23:59:59Z")
            #expect(from23To24 == [beats[1].fhirID])
            let afterTheSecond = try await ids("date=gt2023-11-14T23:13:20Z")
            #expect(afterTheSecond == [beats[2].fhirID])
            let atTheInstantInAnotherZone = try await ids("date=2023-11-15T01:13:20%2B01:00")
            #expect(atTheInstantInAnotherZone == [beats[2].fhirID])
        }
    }

    @Test(arguments: backends)
    func nextLinksWalkEverySampleOnceEvenWhereStartDatesAreEqual(_ backend: StoreBackend) async throws {
        // Three samples at each of three instants: pages of two split the ties.
        let beats = (0..<9).map { beat(Double(60 + $0), at: Double($0 / 3) * 60) }
        try await withStore(backend, beats) { daemon in
            for sort in ["date", "-date"] {
                var path: String? = "/fhir/r4/Observation?code=8867-4&_count=2&_sort=\(sort)"
                var ids: [String] = []
                var pages = 0
                // Bounded: links that went round in circles fail the test rather than hang it.
                while let next = path, pages <= beats.count {
                    let page = try await Searchset(daemon, url: next)
                    #expect(page.ids.count <= 2)
                    ids += page.ids
                    path = page.next
                    pages += 1
                }
                #expect(pages == 5, "\(sort)")
                #expect(Set(ids) == Set(beats.map(\.fhirID)), "\(sort)")
                #expect(ids.count == beats.count, "\(sort)")
                let starts = try await ids.asyncMap { try await effective(daemon, $0) }
                #expect(starts == (sort == "date" ? starts.sorted() : starts.sorted(by: >)), "\(sort)")
            }
        }
    }

    @Test(arguments: backends)
    func aBloodPressureIsOnePanelWithItsComponentsAndItsMembersAreNotFoundOnTheirOwn(_ backend: StoreBackend)
        async throws
    {
        let pressure = bloodPressure(at: 0)
        let rate = beat(60, at: 0)
        let walk = stepCount(10, at: 0)
        try await withStore(backend, [pressure, walk, rate]) { daemon in
            let vitals = try await Searchset(daemon, "Observation?category=vital-signs")
            #expect(Set(vitals.ids) == [pressure.fhirID, rate.fhirID])
            let panel = try #require(vitals.resources.first { $0["id"] as? String == pressure.fhirID })
            let components = try #require(panel["component"] as? [[String: Any]])
            let codes = components.compactMap {
                (($0["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
            }
            #expect(Set(codes) == ["8480-6", "8462-4"])
            let systolics = try await Searchset(daemon, "Observation?code=8480-6").ids
            #expect(systolics.isEmpty)
            let member = try #require(pressure.objects.first)
            let memberRead = try await daemon.owner("GET", "/fhir/r4/Observation/\(member.fhirID)").status
            #expect(memberRead == 200)
            let activities = try await Searchset(daemon, "Observation?category=activity").ids
            #expect(activities == [walk.fhirID])
        }
    }

    // MARK: Read

    @Test(arguments: backends)
    func anObservationIsReadByItsIDAndAnUnknownIDIsNotFound(_ backend: StoreBackend) async throws {
        let sample = beat(60, at: 0)
        try await withStore(backend, [sample]) { daemon in
            let found = try await daemon.owner("GET", "/fhir/r4/Observation/\(sample.fhirID)")
            #expect(found.status == 200)
            #expect(try JSON(found)["id"] as? String == sample.fhirID)
            for id in [UUID().uuidString.lowercased(), sample.uuid.uuidString, "not-an-id"] {
                let missing = try await daemon.owner("GET", "/fhir/r4/Observation/\(id)")
                #expect(missing.status == 404, "\(id)")
                #expect(try Outcome(missing).code == "not-found", "\(id)")
            }
        }
    }

    @Test func thePatientIsTheOwnerWithTheirCharacteristics() async throws {
        try await withWorld(.remote) { world in
            try await world.setCharacteristic(.biologicalSex, "1")
            try await world.setCharacteristic(.dateOfBirth, "1980-04-12")
            let daemon = try #require(world.daemon)
            let id = try await patientID(daemon)
            let patient = try JSON(try await daemon.owner("GET", "/fhir/r4/Patient/\(id)"))
            #expect(patient["gender"] as? String == "female")
            #expect(patient["birthDate"] as? String == "1980-04-12")
            let byID = try await Searchset(daemon, "Patient?_id=\(id)").ids
            #expect(byID == [id])
            let byOtherID = try await Searchset(daemon, "Patient?_id=\(UUID().uuidString.lowercased())").ids
            #expect(byOtherID.isEmpty)
            let otherPatient = try await daemon.owner("GET", "/fhir/r4/Patient/\(UUID().uuidString.lowercased())")
                .status
            #expect(otherPatient == 404)
        }
    }

    @Test(arguments: backends)
    func theDeviceOfASampleIsADeviceTheObservationRefersTo(_ backend: StoreBackend) async throws {
        let watch = HKDevice(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,2",
            firmwareVersion: nil, softwareVersion: "10.1", localIdentifier: nil, UDIDeviceIdentifier: nil)
        let date = date(0)
        let sample = HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 60), start: date, end: date, device: watch,
            metadata: nil)
        try await withStore(backend, [sample, beat(61, at: 60)]) { daemon in
            let observation = try JSON(try await daemon.owner("GET", "/fhir/r4/Observation/\(sample.fhirID)"))
            let reference = try #require((observation["device"] as? [String: Any])?["reference"] as? String)
            let device = try JSON(try await daemon.owner("GET", "/fhir/r4/" + reference))
            #expect(device["resourceType"] as? String == "Device")
            #expect(device["manufacturer"] as? String == "Apple Inc.")
            #expect(device["modelNumber"] as? String == "Watch")
            #expect((device["deviceName"] as? [[String: Any]])?.first?["name"] as? String == "Apple Watch")
            let versions = (device["version"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }
            #expect(versions == ["Watch6,2", "10.1"])
            let devices = try await Searchset(daemon, "Device")
            #expect(devices.ids == [String(reference.dropFirst("Device/".count))])
            let other = try await daemon.owner("GET", "/fhir/r4/Device/\(UUID().uuidString.lowercased())")
            #expect(other.status == 404)
        }
    }

    // MARK: Refusals

    @Test func parametersItCannotHonourAreRefusedWithAnOperationOutcomeNamingThem() async throws {
        try await withDaemon { daemon in
            let refused: [(String, String, String)] = [
                ("Observation?_lastUpdated=ge2024-01-01", "not-supported", "_lastUpdated"),
                ("Observation?date=sa2024-01-01", "not-supported", "sa2024-01-01"),
                ("Observation?date=2024-13-01", "invalid", "2024-13-01"),
                ("Observation?date=2024-02-30", "invalid", "2024-02-30"),
                ("Observation?date=2024-01-01T10:00:00", "invalid", "2024-01-01T10:00:00"),
                ("Observation?_count=0", "invalid", "_count"),
                ("Observation?_count=1001", "invalid", "_count"),
                ("Observation?_count=2&_count=3", "invalid", "_count"),
                ("Observation?_sort=value", "not-supported", "value"),
                ("Observation?_cursor=x", "invalid", "x"),
                ("Observation?code=http://loinc.org%7C", "invalid", "http://loinc.org|"),
                ("Patient?name=Ann", "not-supported", "name"),
            ]
            for (query, code, named) in refused {
                let answer = try await daemon.owner("GET", "/fhir/r4/" + query)
                #expect(answer.status == 400, "\(query)")
                let outcome = try Outcome(answer)
                #expect(outcome.code == code, "\(query)")
                #expect(outcome.diagnostics.contains(named), "\(query): \(outcome.diagnostics)")
            }
            let unknown = try await daemon.owner("GET", "/fhir/r4/Medication")
            #expect(unknown.status == 404)
            #expect(try Outcome(unknown).code == "not-supported")
        }
    }

    // MARK: Helpers

    func patientID(_ daemon: DaemonHarness) async throws -> String {
        try #require(try await Searchset(daemon, "Patient").ids.first)
    }

    /// An Observation's effective start, as its text sorts (every date is in UTC).
    func effective(_ daemon: DaemonHarness, _ id: String) async throws -> String {
        let observation = try JSON(try await daemon.owner("GET", "/fhir/r4/Observation/\(id)"))
        return try #require(observation["effectiveDateTime"] as? String)
    }
}

/// A `searchset` Bundle the owner asked for.
struct Searchset {
    let resources: [[String: Any]]
    let next: String?
    var ids: [String] { resources.compactMap { $0["id"] as? String } }

    init(_ daemon: DaemonHarness, _ query: String) async throws {
        try await self.init(daemon, url: "/fhir/r4/" + query)
    }

    /// The page at `url`: a path, or a `next` link (absolute, on healthd's address).
    init(_ daemon: DaemonHarness, url: String) async throws {
        let path = url.hasPrefix("/") ? url : String(url.dropFirst(daemon.address.absoluteString.count))
        let answer = try await daemon.owner("GET", path)
        #expect(answer.status == 200, "\(url): \(answer.text)")
        let bundle = try JSON(answer)
        #expect(bundle["resourceType"] as? String == "Bundle")
        #expect(bundle["type"] as? String == "searchset")
        let entries = bundle["entry"] as? [[String: Any]] ?? []
        resources = entries.compactMap { $0["resource"] as? [String: Any] }
        let links = bundle["link"] as? [[String: Any]] ?? []
        next = links.first { $0["relation"] as? String == "next" }?["url"] as? String
    }
}

/// The one issue of an `OperationOutcome`.
struct Outcome {
    let code: String
    let diagnostics: String

    init(_ answer: HTTPAnswer) throws {
        #expect(answer.contentType?.hasPrefix("application/fhir+json") == true)
        let outcome = try JSON(answer)
        #expect(outcome["resourceType"] as? String == "OperationOutcome")
        let issue = try #require((outcome["issue"] as? [[String: Any]])?.first)
        code = issue["code"] as? String ?? ""
        diagnostics = issue["diagnostics"] as? String ?? ""
    }
}

func JSON(_ answer: HTTPAnswer) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
}

extension HKObject {
    /// Its FHIR id: the UUID, lowercase.
    var fhirID: String { uuid.uuidString.lowercased() }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
