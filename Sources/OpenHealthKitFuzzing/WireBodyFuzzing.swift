import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
package import OpenHealthKitWire

/// The JSON body of every healthd route that takes one. The input's first byte picks the route, the rest is the
/// body. It is decoded as healthd decodes it (``WireRequestBody``), turned into model values as the route does, and
/// run on an in-memory store as the owner, so that predicate translation, statistics intervals and validation see
/// the same values a request would give them. Refusals are `HKError`s or decoding errors (healthd's 400s); a
/// sample that is accepted survives the wire: written and read back, it is the same sample.
package enum WireBodyFuzzing {
    /// What each route does with its body before it answers, keyed by the route.
    static let bodies: [(endpoint: WireEndpoint, run: (Data) throws -> Void)] = [
        (WireRoutes.saveSamples.endpoint, save),
        (WireRoutes.deleteSamples.endpoint, { try engine.delete(uuids: try decode(WireDeleteRequest.self, $0).uuids, as: owner) }),
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
        (WireRoutes.setBackgroundDeliveryCallback.endpoint, { _ = try decode(WireBackgroundDeliveryCallback.self, $0) }),
        (WireRoutes.registerApp.endpoint, { _ = try decode(WireAppRegistration.self, $0).manifest() }),
        (WireRoutes.setAppGrants.endpoint, setGrants),
        (WireRoutes.answerAuthorization.endpoint, answerAuthorization),
        (WireRoutes.setOwnerCharacteristic.endpoint, setCharacteristic),
        (WireRoutes.setSourcePriority.endpoint, setSourcePriority),
    ]

    /// The routes whose bodies are fuzzed, in the order the input's first byte picks them.
    package static var endpoints: [WireEndpoint] { bodies.map(\.endpoint) }

    static func run(_ data: Data) {
        guard let selector = data.first else { return }
        let route = bodies[Int(selector) % bodies.count]
        do {
            try route.run(data.dropFirst())
        } catch is HKError, is DecodingError, is WireRequestBody.Malformed {
        } catch {
            fatalError("fuzz property violated: \(route.endpoint) threw \(type(of: error)): \(error)")
        }
    }

    nonisolated(unsafe) private static let engine: HealthEngine = {
        do { return try HealthEngine.open(.memory) } catch { fatalError("cannot open an in-memory store: \(error)") }
    }()
    private static let owner: Principal = {
        do { return .owner(source: try OwnerSource.owner(named: "Fuzz")) } catch {
            fatalError("cannot name the fuzz owner: \(error)")
        }
    }()

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try WireRequestBody.decode(type, from: Data(data))
    }

    private static func save(_ data: Data) throws {
        let samples = try decode(WireSaveRequest.self, data).objects.map { try $0.sample() }
        for sample in samples { checkRoundTrip(sample) }
        try engine.save(samples, as: owner)
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

    private static func deleteMatching(_ data: Data) throws {
        let body = try decode(WireDeleteObjectsRequest.self, data)
        _ = try engine.deleteObjects(of: try WireTypes.sampleType(body.type), predicate: body.predicate?.tree, as: owner)
    }

    private static func querySamples(_ data: Data) throws {
        let body = try decode(WireSampleQuery.self, data)
        let sort = try (body.sort ?? []).map { try $0.rowSort }
        _ = try engine.samples(
            of: try WireTypes.sampleType(body.type), predicate: body.predicate?.tree, sort: sort,
            limit: max(0, body.limit ?? 0), as: owner)
    }

    private static func queryAnchored(_ data: Data) throws {
        let body = try decode(WireAnchoredQuery.self, data)
        let filters = try body.queries.map {
            SampleFilter(type: try WireTypes.sampleType($0.type), predicate: $0.predicate?.tree)
        }
        _ = try engine.changes(
            matching: filters, after: max(0, body.anchor ?? 0), limit: max(0, body.limit ?? 0), as: owner)
    }

    private static func querySources(_ data: Data) throws {
        let body = try decode(WireSourceQuery.self, data)
        _ = try engine.sources(of: try WireTypes.sampleType(body.type), predicate: body.predicate?.tree, as: owner)
    }

    private static func queryCorrelations(_ data: Data) throws {
        let body = try decode(WireCorrelationQuery.self, data)
        guard let type = try WireTypes.sampleType(body.type) as? HKCorrelationType else { return }
        let memberFilters = try (body.samplePredicates ?? [:]).map { identifier, predicate in
            SampleFilter(type: try WireTypes.sampleType(identifier), predicate: predicate.tree)
        }
        _ = try engine.correlations(
            of: type, predicate: body.predicate?.tree, memberFilters: memberFilters, as: owner)
    }

    private static func queryStatistics(_ data: Data) throws {
        let request = try decode(WireStatisticsQuery.self, data).request()
        let result = try engine.statistics(request, as: owner)
        // healthd answers with the result's JSON: it must encode (a value that cannot is a 500, never `{}`).
        _ = try JSONEncoder().encode(WireStatisticsResponse(result, type: request.type))
    }

    private static func queryActivitySummaries(_ data: Data) throws {
        let body = try decode(WireActivitySummaryQuery.self, data)
        _ = try engine.activitySummaries(predicate: body.predicate?.tree, as: owner)
    }

    private static func preferredUnits(_ data: Data) throws {
        let types = try decode(WirePreferredUnitsRequest.self, data).quantityTypes()
        _ = try engine.preferredUnits(for: types, as: owner)
    }

    private static func authorizationTypes(_ data: Data) throws {
        _ = try decode(WireAuthorizationRequest.self, data).types()
    }

    private static func enableBackgroundDelivery(_ data: Data) throws {
        let body = try decode(WireBackgroundDelivery.self, data)
        _ = try WireTypes.objectType(body.type)
        _ = try body.updateFrequency
    }

    private static func acknowledgeBackgroundDelivery(_ data: Data) throws {
        _ = try decode(WireBackgroundDeliveryAcknowledgement.self, data).types.map { try WireTypes.objectType($0) }
    }

    private static func setGrants(_ data: Data) throws {
        for (name, grant) in try decode(WireGrants.self, data).grants {
            _ = try WireTypes.objectType(name)
            _ = try grant.grant
        }
    }

    private static func answerAuthorization(_ data: Data) throws {
        let body = try decode(WireAuthorizationAnswer.self, data)
        _ = try WireTypes.sampleTypes(body.allowedToShare)
        _ = try WireTypes.objectTypes(body.allowedToRead)
    }

    private static func setCharacteristic(_ data: Data) throws {
        let body = try decode(WireCharacteristic.self, data)
        guard let type = HKCharacteristicTypeIdentifier.allCases.first(where: { $0.rawValue == body.type }) else {
            return
        }
        if let value = body.value { _ = try CharacteristicCoding.storedValue(value, for: type) }
    }

    private static func setSourcePriority(_ data: Data) throws {
        let body = try decode(WireSourcePriority.self, data)
        guard let type = try WireTypes.sampleType(body.type) as? HKQuantityType else { return }
        try engine.setSourcePriority(body.sources, for: type)
    }
}
