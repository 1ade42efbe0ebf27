import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// The FHIR R4 API of one user's store (docs/FHIR.md, "The API"): reads and searches of the user's `Patient` and
/// of the `Observation`s ``FHIRResources`` makes of their samples, as FHIR's RESTful API answers them (JSON
/// resources and `searchset` Bundles with `next` links). The HTTP layer (healthd) authenticates the caller, passes
/// the path's resource type and id and the query's parameters, and writes what comes back, or the
/// `OperationOutcome` of a ``FHIRError``.
///
/// Reads go through the engine as `principal`: the store's rules decide what the caller sees, and an Observation
/// that is not there and one the caller may not see get the same 404.
package struct FHIRServer: Sendable {
    package let engine: HealthEngine
    package let principal: Principal
    /// The API's base URL (`http://127.0.0.1:8080/fhir/r4`): full URLs and links start with it.
    package let base: String
    /// The id of the user's Patient (``patientID(user:)``).
    package let patientID: String
    /// What the caller may read: everything for the owner, a SMART token's scopes for an outside app.
    package let access: FHIRAccess
    /// The largest `_count` of a search.
    package static var maximumPageSize: Int { FHIRObservationSearch.maximumCount }

    package init(
        engine: HealthEngine, principal: Principal, base: String, patientID: String, access: FHIRAccess = .everything
    ) {
        self.engine = engine
        self.principal = principal
        self.base = base
        self.patientID = patientID
        self.access = access
    }

    /// The Patient id of a user of the server: a name-based UUID of the user's name, the same on every instance
    /// and for every token.
    package static func patientID(user: String) -> String {
        let identity = ImportIdentity()
        identity.reset()
        identity.add("Patient")
        identity.add(user)
        return identity.uuid().uuidString.lowercased()
    }

    /// The id of a device's `Device`: a name-based UUID of everything HealthKit says of it, so that the same
    /// device has the same id wherever it is read.
    package static func deviceID(_ device: DeviceRow) -> String {
        let identity = ImportIdentity()
        identity.reset()
        identity.add("Device")
        for field in device.fields { identity.add(field) }
        return identity.uuid().uuidString.lowercased()
    }

    /// The `_id` parameters of a search of the Patient or of Devices, the only parameter those searches take.
    private static func idSearch(_ resourceType: String, _ parameters: [(name: String, value: String)])
        throws(FHIRError) -> FHIRIDSearch
    {
        var search = FHIRIDSearch()
        for (name, value) in parameters {
            guard name == "_id" else {
                throw .notSupported("The \(resourceType) search parameter \(name) is not supported: use _id")
            }
            search.lists.append(try FHIRToken.list(value))
        }
        return search
    }

    /// `GET [base]/[type]/[id]`.
    package func read(_ resourceType: String, id: String) async throws -> String {
        guard access.mayRead(resourceType) || !FHIRAccess.resourceTypes.contains(resourceType) else {
            throw Self.forbidden("read", resourceType)
        }
        switch resourceType {
        case "Patient":
            guard id == patientID else { throw FHIRError.notFound(resourceType, id) }
            return try await patient()
        case "Device":
            guard let device = try await engine.storedDevices(as: principal).first(where: { Self.deviceID($0) == id })
            else { throw FHIRError.notFound(resourceType, id) }
            return resources(preferredUnits: [:]).device(device, id: id)
        case "Observation":
            guard let uuid = UUID(uuidString: id), uuid.uuidString.lowercased() == id,
                let record = try await engine.records(
                    RowQuery(typeIdentifiers: [], condition: .uuids([uuid])), as: principal
                ).first,
                // What the caller may not read is not there, for them.
                FHIRCodes.observationCode(
                    of: record.sample.typeIdentifier, kind: ExportTypeKind(record.sample.typeIdentifier)
                ).map(access.allowsRead) ?? false,
                let observation = try await resources(for: [record]).observation(for: record)
            else { throw FHIRError.notFound(resourceType, id) }
            return observation
        default: throw Self.unsupported(resourceType)
        }
    }

    /// `GET [base]/[type]?parameters`: a `searchset` Bundle.
    package func search(_ resourceType: String, parameters: [(name: String, value: String)]) async throws -> String {
        guard access.maySearch(resourceType) || !FHIRAccess.resourceTypes.contains(resourceType) else {
            throw Self.forbidden("search", resourceType)
        }
        switch resourceType {
        case "Patient":
            let ids = try Self.idSearch(resourceType, parameters)
            let entries =
                ids.matches(patientID) ? [(url: base + "/Patient/" + patientID, resource: try await patient())] : []
            return Self.searchset(entries, links: [("self", link(resourceType, parameters))])
        case "Device":
            let ids = try Self.idSearch(resourceType, parameters)
            let resources = resources(preferredUnits: [:])
            let entries = try await engine.storedDevices(as: principal).compactMap { device in
                let id = Self.deviceID(device)
                return ids.matches(id) ? (url: base + "/Device/" + id, resource: resources.device(device, id: id)) : nil
            }
            return Self.searchset(entries, links: [("self", link(resourceType, parameters))])
        case "Observation":
            return try await searchObservations(try FHIRObservationSearch(parameters))
        default: throw Self.unsupported(resourceType)
        }
    }

    private func searchObservations(_ search: FHIRObservationSearch) async throws -> String {
        let page = try await observationPage(search, types: try await observationTypes(search))
        var parameters = search.echoed
        if let cursor = search.cursor { parameters.append(("_cursor", cursor.text)) }
        var links = [(relation: "self", url: link("Observation", parameters))]
        if let next = page.next {
            links.append(("next", link("Observation", search.echoed + [("_cursor", next.text)])))
        }
        return Self.searchset(
            page.observations.map { (url: base + "/Observation/" + $0.id, resource: $0.json) }, links: links)
    }

    /// Every Observation (as a search without parameters finds them), a page of `pageSize` at a time, each to
    /// `body` as its JSON; how many there were.
    package func forEachObservation(pageSize: Int, _ body: (String) throws -> Void) async throws -> Int {
        var search = try FHIRObservationSearch([("_count", String(pageSize))])
        let types = try await observationTypes(search)
        var count = 0
        repeat {
            let page = try await observationPage(search, types: types)
            for observation in page.observations { try body(observation.json) }
            count += page.observations.count
            search.cursor = page.next
        } while search.cursor != nil
        return count
    }

    /// The stored sample types whose Observations the search's `code` and `category` match, and the caller may read.
    private func observationTypes(_ search: FHIRObservationSearch) async throws -> [String] {
        try await engine.storedSampleTypes(as: principal).filter { identifier in
            FHIRCodes.observationCode(of: identifier, kind: ExportTypeKind(identifier)).map {
                search.matches($0) && access.allowsSearch($0)
            } ?? false
        }
    }

    /// A page of a search of Observations of `types`: the Observations (id and JSON), and where the next page
    /// starts (nil on the last).
    private func observationPage(_ search: FHIRObservationSearch, types: [String]) async throws
        -> (observations: [(id: String, json: String)], next: FHIRCursor?)
    {
        // No type matches: nothing to read (a query of no types would read them all).
        let records = types.isEmpty ? [] : try await engine.records(search.query(types: types), as: principal)
        let skip = search.cursor?.skip ?? 0
        let read = records.prefix(skip + search.count)
        let page = read.dropFirst(skip)
        let resources = try await resources(for: Array(page))
        let observations = page.compactMap { record in
            resources.observation(for: record).map { (id: record.sample.uuid.uuidString.lowercased(), json: $0) }
        }
        guard records.count > read.count, let last = page.last?.sample.startDate else { return (observations, nil) }
        return (observations, FHIRCursor(start: last, skip: read.filter { $0.sample.startDate == last }.count))
    }

    /// The user's Patient, with the characteristics FHIR's Patient has.
    package func patient() async throws -> String {
        var characteristics: [(type: HKCharacteristicTypeIdentifier, value: String)] = []
        for type in [HKCharacteristicTypeIdentifier.biologicalSex, .dateOfBirth] {
            characteristics.append((type, try await engine.characteristic(type, as: principal) ?? ""))
        }
        return resources(preferredUnits: [:]).patient(id: patientID, characteristics: characteristics).json
    }

    /// What makes the resources of `records`: dates in UTC, quantities in the user's preferred units where FHIR's
    /// codes name none.
    private func resources(for records: [ExportRecord]) async throws -> FHIRResources {
        let quantityTypes = Set(
            (records + records.flatMap(\.members)).compactMap {
                HKObjectType.type(forRawIdentifier: $0.sample.typeIdentifier) as? HKQuantityType
            })
        let units = try await engine.preferredUnits(for: quantityTypes, as: principal)
        return resources(preferredUnits: Dictionary(uniqueKeysWithValues: units.map { ($0.key.identifier, $0.value) }))
    }

    private func resources(preferredUnits: [String: HKUnit]) -> FHIRResources {
        FHIRResources(
            patientReference: "Patient/" + patientID,
            observationReference: { "Observation/" + $0.uuidString.lowercased() },
            deviceReference: { "Device/" + Self.deviceID($0) }, timeZone: .gmt, preferredUnits: preferredUnits)
    }

    private func link(_ resourceType: String, _ parameters: [(name: String, value: String)]) -> String {
        let query = parameters.map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }.joined(separator: "&")
        return base + "/" + resourceType + (query.isEmpty ? "" : "?" + query)
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// RFC 3986's unreserved characters: everything else in a link's query is percent-encoded.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func searchset(
        _ entries: [(url: String, resource: String)], links: [(relation: String, url: String)]
    )
        -> String
    {
        var bundle = JSONObject()
        bundle.string("resourceType", "Bundle")
        bundle.string("type", "searchset")
        bundle.array(
            "link",
            links.map { relation, url in
                var link = JSONObject()
                link.string("relation", relation)
                link.string("url", url)
                return link
            })
        bundle.array(
            "entry",
            entries.map { url, resource in
                var search = JSONObject()
                search.string("mode", "match")
                var entry = JSONObject()
                entry.string("fullUrl", url)
                entry.raw("resource", resource)
                entry.object("search", search)
                return entry
            })
        return bundle.json
    }

    private static func forbidden(_ interaction: String, _ resourceType: String) -> FHIRError {
        FHIRError(
            status: 403, code: "forbidden", "This token's scopes do not let it \(interaction) \(resourceType) resources"
        )
    }

    private static func unsupported(_ resourceType: String) -> FHIRError {
        FHIRError(
            status: 404, code: "not-supported",
            "This server has no \(resourceType) resources: see its CapabilityStatement ([base]/metadata)")
    }
}

/// The `_id` parameters of a search: each a list of ids, one of which the resource's must be.
private struct FHIRIDSearch {
    var lists: [[FHIRToken]] = []

    func matches(_ id: String) -> Bool {
        lists.allSatisfy { $0.contains { $0.system == nil && $0.code == id } }
    }
}
