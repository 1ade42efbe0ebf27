import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// The owner's data routes: characteristics, the sources of a type, and the audit log.
struct OwnerDataRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<OwnerContext>) {
        router.on(WireRoutes.ownerCharacteristic) { [self] request, context in
            let user = try context.caller
            let type = try AppDataRoutes.characteristicType(context.parameters.get("type") ?? "")
            let value = try await user.auditor.audited(
                AuditEntry.owner, "characteristic", types: [type.rawValue], count: { $0 == nil ? 0 : 1 }
            ) {
                try await offload { [user] in try await user.engine.characteristic(type, as: try OwnerWebStore.owner())
                }
            }
            return JSONResponses.response(WireCharacteristic(type: type.rawValue, value: value))
        }

        // `{"value": "2"}` sets an enumeration to its raw value, `{"value": "1980-04-12"}` the date of birth;
        // `{"value": null}` clears it.
        router.on(WireRoutes.setOwnerCharacteristic) { [self] request, context in
            let user = try context.caller
            let type = try AppDataRoutes.characteristicType(context.parameters.get("type") ?? "")
            let body = try await bodies.decode(WireCharacteristic.self, from: request)
            let stored = try body.value.map { try CharacteristicCoding.storedValue($0, for: type) }
            try await user.auditor.audited(AuditEntry.owner, "characteristic.set", types: [type.rawValue]) {
                try await offload { [user] in try await user.engine.setCharacteristic(type, to: stored) }
            }
            return JSONResponses.response(WireCharacteristic(type: type.rawValue, value: stored))
        }

        router.on(WireRoutes.ownerSources) { [self] request, context in
            let user = try context.caller
            guard let name = try QueryParameters(request).string("type") else {
                throw APIError.badRequest("Give the type: ?type=<identifier>")
            }
            let type = try WireTypes.sampleType(name)
            let sources = try await user.auditor.audited(
                AuditEntry.owner, "query.sources", types: [type.identifier], count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.sources(of: type, predicate: nil, as: try OwnerWebStore.owner())
                }
            }
            return JSONResponses.response(WireSourcesResponse(sources: sources.map(WireSource.init)))
        }

        // `?app=<bundle identifier or owner>&since=<seconds since 1970>&after=<entry id>&limit=<1 to 10000>`:
        // oldest first; page with `after` = the last id received.
        router.on(WireRoutes.auditLog) { [self] request, context in
            let user = try context.caller
            let parameters = QueryParameters(request)
            // Years 1 to 4001, as every date healthd takes (SampleValidation.dateRange).
            let years = SampleValidation.dateRange
            let dates = years.lowerBound.timeIntervalSince1970...years.upperBound.timeIntervalSince1970
            let query = AuditQuery(
                app: try parameters.string("app"),
                since: try parameters.number("since", in: dates).map(Date.init(timeIntervalSince1970:)),
                afterID: try parameters.integer("after", in: 0...Int64.max),
                limit: Int(try parameters.integer("limit", in: 1...10_000) ?? 1000))
            let entries = try await offload { [user] in try user.records.auditEntries(query) }
            return JSONResponses.response(WireAuditLog(entries: entries.map(WireAuditEntry.init)))
        }
    }
}
