import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The store of a healthd daemon, reached over HTTP with the app's credential: the same calls as the embedded
/// store, answered by the daemon's engine for the app the credential names. Long-running queries subscribe to
/// the daemon's change stream.
struct RemoteBackend: HealthStoreBackend {
    let transport: RemoteTransport

    init(remote: HealthStoreConfiguration.Remote) {
        self.init(transport: RemoteTransport(remote: remote))
    }

    init(transport: RemoteTransport) {
        self.transport = transport
    }

    /// How long one permission call waits for the owner before asking again.
    static let authorizationWait = 30
    /// How long a permission request keeps asking while healthd cannot be reached (restarting): healthd keeps the
    /// request, and the restarted one is asked again.
    static let authorizationReconnectWindow: Duration = .seconds(120)

    /// Only a malformed request is reported here (the facade raises it, as HealthKit does); an unreachable healthd or
    /// a refused credential is reported by the request itself, through its completion handler.
    func checkRequestShape(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws {
        do {
            _ = try transport.call(
                WireRoutes.checkAuthorization, body: WireAuthorizationRequest(toShare: toShare, toRead: read),
                as: IgnoredAnswer.self)
        } catch let error as HKError where error.code == .errorInvalidArgument {
            throw error
        } catch {
            return
        }
    }

    /// healthd holds each call until the owner answers or the wait ends; a pending request is joined again. While
    /// healthd cannot be reached (it is restarting) the call is made again, with pauses, for up to
    /// ``authorizationReconnectWindow``; the restarted healthd still holds the request.
    func requestAuthorization(toShare: Set<HKSampleType>, read: Set<HKObjectType>) async throws {
        let body = WireAuthorizationRequest(toShare: toShare, toRead: read)
        var unreachableSince: ContinuousClock.Instant?
        var pause = Duration.milliseconds(250)
        while true {
            do {
                let outcome = try await blocking { [transport] in
                    try transport.call(
                        WireRoutes.requestAuthorization,
                        query: [URLQueryItem(name: "wait", value: String(Self.authorizationWait))],
                        body: body, timeout: TimeInterval(Self.authorizationWait + 30),
                        as: WireAuthorizationOutcome.self
                    ).answer
                }
                if outcome.status == .answered { return }
                unreachableSince = nil
                pause = .milliseconds(250)
            } catch let error as HKError where error.code == .errorDatabaseInaccessible {
                let since = unreachableSince ?? .now
                guard ContinuousClock.now - since < Self.authorizationReconnectWindow else { throw error }
                unreachableSince = since
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(2))
            }
            try Task.checkCancellation()
        }
    }

    func requestStatus(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws -> HKAuthorizationRequestStatus {
        try transport.call(
            WireRoutes.authorizationRequestStatus, body: WireAuthorizationRequest(toShare: toShare, toRead: read),
            as: WireRequestStatus.self
        ).answer.status
    }

    func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        let answer = try? transport.call(
            WireRoutes.authorizationStatus, query: [URLQueryItem(name: "type", value: type.identifier)],
            as: WireAuthorizationStatus.self)
        return answer?.answer.authorizationStatus ?? .notDetermined
    }

    func save(_ objects: [HKObject], associating: [UUID: [UUID]]) throws {
        RemoteQueryStarts.waitForEarlierStarts()
        let samples = try objects.map { object -> WireSample in
            guard let sample = object as? HKSample else {
                throw HKError.invalidArgument("Objects of class \(type(of: object)) cannot be saved")
            }
            var wire = WireSample(sample)
            wire.associatedSamples = associating[sample.uuid]
            return wire
        }
        let answer = try transport.call(
            WireRoutes.saveSamples, body: WireSaveRequest(objects: samples), as: WireSaveResponse.self
        ).answer
        // As the embedded store does, the saved objects carry the revision the store stamped.
        guard let revision = answer.sourceRevision?.sourceRevision else { return }
        for object in objects {
            object.sourceRevision = revision
            (object as? HKCorrelation)?.objects.forEach { $0.sourceRevision = revision }
        }
    }

    func delete(uuids: [UUID]) throws {
        RemoteQueryStarts.waitForEarlierStarts()
        _ = try transport.call(
            WireRoutes.deleteSamples, body: WireDeleteRequest(uuids: uuids), as: WireCountResponse.self)
    }

    func deleteObjects(of type: HKSampleType, predicate: PredicateTree?) throws -> Int {
        RemoteQueryStarts.waitForEarlierStarts()
        return try transport.call(
            WireRoutes.deleteMatchingSamples,
            body: WireDeleteObjectsRequest(type: type.identifier, predicate: predicate),
            as: WireCountResponse.self
        ).answer.count
    }

    func samples(of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort], limit: Int) throws -> [HKSample] {
        let query = WireSampleQuery(type: type.identifier, predicate: predicate, sort: sort, limit: limit)
        return try transport.call(WireRoutes.querySamples, body: query, as: WireSamplesResponse.self).answer.samples.map
        { try $0.sample() }
    }

    func changes(matching filters: [SampleFilter], after anchor: Int64, limit: Int) throws -> AnchoredChanges {
        let answer = try transport.call(
            WireRoutes.queryAnchored, body: WireAnchoredQuery(filters: filters, anchor: anchor, limit: limit),
            as: WireAnchoredResponse.self
        ).answer
        return AnchoredChanges(
            try answer.samples.map { try $0.sample() }, deleted: try answer.deletedObjects.map { try $0.deletedObject },
            anchor: answer.anchor)
    }

    func currentAnchor() throws -> Int64 {
        try transport.call(WireRoutes.anchor, as: WireAnchorResponse.self).answer.anchor
    }

    func sources(of type: HKSampleType, predicate: PredicateTree?) throws -> [HKSource] {
        try transport.call(
            WireRoutes.querySources, body: WireSourceQuery(type: type.identifier, predicate: predicate),
            as: WireSourcesResponse.self
        ).answer.sources.map(\.source)
    }

    func correlations(of type: HKCorrelationType, predicate: PredicateTree?, memberFilters: [SampleFilter]) throws
        -> [HKCorrelation]
    {
        let query = WireCorrelationQuery(type: type.identifier, predicate: predicate, memberFilters: memberFilters)
        return try transport.call(WireRoutes.queryCorrelations, body: query, as: WireSamplesResponse.self).answer
            .samples.map {
                guard let correlation = try $0.sample() as? HKCorrelation else {
                    throw HKError(.unknownError, "healthd answered a correlation query with another kind of sample")
                }
                return correlation
            }
    }

    func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String? {
        try transport.call(WireRoutes.characteristic.with(type), as: WireCharacteristic.self).answer.value
    }

    func activitySummaries(predicate: PredicateTree?) throws -> [HKActivitySummary] {
        try transport.call(
            WireRoutes.queryActivitySummaries, body: WireActivitySummaryQuery(predicate: predicate),
            as: WireActivitySummariesResponse.self
        ).answer.summaries.map { try $0.summary() }
    }

    var waitsOnNetwork: Bool { true }
    var appBundleIdentifier: String? { transport.appSource()?.bundleIdentifier }

    /// Asks healthd for the store's anchor in the background, then opens a change stream from it. This process's
    /// writes wait until the anchor is known (``RemoteQueryStarts``), so a change it commits after this call returns
    /// is after the anchor, and reported even if the stream connects later.
    /// Activity summaries, which have no anchors, are followed too: each change to them (and each reconnection) is
    /// heard as a change of `HKActivitySummaryTypeIdentifier`.
    func subscribe(
        to typeIdentifiers: Set<String>, kinds: Set<StoreChange.Kind>,
        handler: @escaping @Sendable (StoreChange) -> Void
    ) -> StoreSubscription {
        let ticket = RemoteQueryStarts.begin()
        let start = Eventual<Int64>()
        let stream = RemoteChangeStream(
            transport: transport, typeIdentifiers: typeIdentifiers, kinds: kinds, handler: handler)
        DispatchQueue(label: "OpenHealthKit.subscribe").async { [self] in
            let anchor = Result { try currentAnchor() }.mapError(HKError.init(wrapping:))
            start.resolve(anchor)
            RemoteQueryStarts.end(ticket)
            // Without an anchor (healthd unreachable) the stream follows from when it connects; the query reports the error.
            stream.start(from: try? anchor.get())
        }
        return StoreSubscription(start: start, token: ChangeSubscription { stream.cancel() })
    }

    /// Runs a blocking call off the caller's task, on a queue of its own (libdispatch's overcommit pool: a waiting
    /// call never holds up the global queues' few threads).
    func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "OpenHealthKit.remote").async { continuation.resume(with: Result { try work() }) }
        }
    }
}
