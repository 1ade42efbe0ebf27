import Foundation
import OpenHealthKitModel
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitWire

/// The data routes of an app (its credential required): HKHealthStore's saves, deletions and queries.
struct AppDataRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.saveSamples) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireSaveRequest.self, from: request)
            // Recorded as given: a save refused for an unknown type or unit is in the log too.
            let types = Set(
                body.objects.flatMap { [$0.type] + ($0.objects ?? []).map(\.type) }.map(WireTypes.identifier))
            let objects = try await user.auditor.audited(
                app.bundleIdentifier, "save", types: Array(types), count: \.count
            ) {
                let objects = try body.objects.map { try $0.sample() }
                // A workout builder's samples, associated with its workout as it is saved.
                let associations = Dictionary(
                    body.objects.compactMap { object in object.associatedSamples.map { (object.uuid, $0) } },
                    uniquingKeysWith: +)
                try await offload { [user] in
                    try await user.engine.save(objects, associating: associations, as: .app(app.manifest))
                }
                return objects
            }
            return JSONResponses.response(
                WireSaveResponse(sourceRevision: objects.first.map { WireSourceRevision($0.sourceRevision) }))
        }

        router.on(WireRoutes.deleteSamples) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireDeleteRequest.self, from: request)
            let count = try await user.auditor.audited(app.bundleIdentifier, "delete", types: [], count: { $0 }) {
                try await offload { [user] in try await user.engine.delete(uuids: body.uuids, as: .app(app.manifest)) }
            }
            return JSONResponses.response(WireCountResponse(count: count))
        }

        router.on(WireRoutes.deleteMatchingSamples) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireDeleteObjectsRequest.self, from: request)
            let type = try WireTypes.sampleType(body.type)
            let count = try await user.auditor.audited(
                app.bundleIdentifier, "deleteObjects", types: [type.identifier], count: { $0 }
            ) {
                try await offload { [user] in
                    try await user.engine.deleteObjects(
                        of: type, predicate: body.predicate?.tree, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireCountResponse(count: count))
        }

        router.on(WireRoutes.querySamples) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireSampleQuery.self, from: request)
            let type = try WireTypes.sampleType(body.type)
            let sort = try (body.sort ?? []).map { try $0.rowSort }
            let limit = try body.resultLimit
            let samples = try await user.auditor.audited(
                app.bundleIdentifier, "query.samples", types: [type.identifier], count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.samples(
                        of: type, predicate: body.predicate?.tree, sort: sort, limit: limit, as: .app(app.manifest))
                }
            }
            let wire = samples.map(WireSample.init)
            return JSONResponses.response(
                body.shareSourceRevisions == true
                    ? WireSamplesResponse(sharingSourceRevisionsOf: wire) : WireSamplesResponse(samples: wire))
        }

        router.on(WireRoutes.queryAnchored) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireAnchoredQuery.self, from: request)
            let filters = try body.filters()
            let anchor = try body.startAnchor, limit = try body.resultLimit
            let changes = try await user.auditor.audited(
                app.bundleIdentifier, "query.anchored", types: filters.map(\.type.identifier),
                count: { $0.samples.count + $0.deletedObjects.count }
            ) {
                try await offload { [user] in
                    var changes = try await user.engine.changes(
                        matching: filters, after: anchor, limit: limit, as: .app(app.manifest))
                    // Not the store's anchor, which counts other apps' writes: no change after the latest one the app
                    // may read (read after the changes) is one it may see, so resuming from there skips nothing.
                    let readable = try await user.engine.latestReadableAnchor(as: .app(app.manifest))
                    if changes.anchor > readable { changes.anchor = max(anchor, readable) }
                    return changes
                }
            }
            return JSONResponses.response(WireAnchoredResponse(changes))
        }

        router.on(WireRoutes.querySources) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireSourceQuery.self, from: request)
            let type = try WireTypes.sampleType(body.type)
            let sources = try await user.auditor.audited(
                app.bundleIdentifier, "query.sources", types: [type.identifier], count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.sources(of: type, predicate: body.predicate?.tree, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireSourcesResponse(sources: sources.map(WireSource.init)))
        }

        router.on(WireRoutes.queryCorrelations) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireCorrelationQuery.self, from: request)
            guard let type = try WireTypes.sampleType(body.type) as? HKCorrelationType else {
                throw APIError.badRequest("\(body.type) is not a correlation type")
            }
            let memberFilters = try (body.samplePredicates ?? [:]).map { identifier, predicate in
                SampleFilter(type: try WireTypes.sampleType(identifier), predicate: predicate.tree)
            }
            let correlations = try await user.auditor.audited(
                app.bundleIdentifier, "query.correlations",
                types: [type.identifier] + memberFilters.map(\.type.identifier), count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.correlations(
                        of: type, predicate: body.predicate?.tree, memberFilters: memberFilters, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireSamplesResponse(samples: correlations.map(WireSample.init)))
        }

        router.on(WireRoutes.anchor) { [self] request, context in
            let app = try context.caller, user = app.user
            let anchor = try await offload { [user] in
                try await user.engine.latestReadableAnchor(as: .app(app.manifest))
            }
            return JSONResponses.response(WireAnchorResponse(anchor: anchor))
        }

        router.on(WireRoutes.characteristic) { [self] request, context in
            let app = try context.caller, user = app.user
            let type = try Self.characteristicType(context.parameters.get("type") ?? "")
            let value = try await user.auditor.audited(
                app.bundleIdentifier, "characteristic", types: [type.rawValue], count: { $0 == nil ? 0 : 1 }
            ) {
                try await offload { [user] in try await user.engine.characteristic(type, as: .app(app.manifest)) }
            }
            return JSONResponses.response(WireCharacteristic(type: type.rawValue, value: value))
        }
    }

    static func characteristicType(_ name: String) throws -> HKCharacteristicTypeIdentifier {
        guard let type = try WireTypes.objectType(name) as? HKCharacteristicType else {
            throw APIError.badRequest("\(name) is not a characteristic type")
        }
        return HKCharacteristicTypeIdentifier(rawValue: type.identifier)
    }
}
