import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// `GET /v1/changes/stream?types=<identifiers, comma-separated>&anchor=<n>`: Server-Sent Events telling the app
/// which of the types changed, as far as it can see them, each event's id being the anchor of the latest change
/// the app may read (never the store's anchor, which would count other apps' writes):
///
/// ```
/// id: 42
/// event: change
/// data: {"anchor":42,"types":["HKQuantityTypeIdentifierHeartRate"]}
/// ```
///
/// The app reads what changed with an anchored query. Given an anchor (or `Last-Event-ID` when reconnecting),
/// the stream first reports the changes after it, so no change is lost between connections; without one it
/// starts at the latest change the app may read. A revoked app's stream closes; idle streams carry a comment every
/// `heartbeatInterval` seconds.
///
/// `events=change,priority` (default `change`) also reports each change of the source priority of the types,
/// which changes merged statistics but no sample, as an event without id (it has no anchor to resume from):
/// `event: priority` with `data: {"anchor": <the stream's last event id>, "types": [...]}`. `grants` likewise reports
/// each change of the app's own decisions for the types (`event: grants`): what it may read changed, so its
/// statistics may have, though no sample did. `units` reports each change of the user's preferred unit of the
/// types (`event: units`, the `HKUserPreferencesDidChange` notification).
///
/// `HKActivitySummaryTypeIdentifier` may be among the types: activity summaries have no anchors, so with `change`
/// events the stream reports each change to them (an import) as `event: summaries` without id, and only to an app
/// that may read them; a client reads the summaries again on each (and after each reconnection).
struct ChangeStreamRoutes {
    let configuration: DaemonConfiguration
    let authenticator: Authenticator

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.changeStream) { [self] request, context in
            let app = try context.caller, user = app.user
            try app.manifest.checkProvisioning()
            var names = request.uri.queryParameters.getAll("types").flatMap {
                $0.split(separator: ",").map(String.init)
            }
            guard !names.isEmpty else {
                throw APIError.badRequest("Give the types to watch: ?types=<identifier>,<identifier>")
            }
            let summaries = names.contains(HKActivitySummaryTypeIdentifier)
            names.removeAll { $0 == HKActivitySummaryTypeIdentifier }
            let types = Array(try WireTypes.sampleTypes(names))
            let parameters = QueryParameters(request)
            let anchor = try parameters.integer("anchor", in: 0...Int64.max)
            let resumeFrom =
                try request.headers[Self.lastEventID].map { text in
                    guard let anchor = Int64(text), anchor >= 0 else {
                        throw APIError.badRequest("\(text) is not an anchor")
                    }
                    return anchor
                } ?? anchor
            let events = Set(
                try (try parameters.string("events") ?? "change").split(separator: ",").map { name in
                    guard let event = StreamEvent(rawValue: String(name)) else {
                        throw APIError.badRequest(
                            "\(name) is not an event of the change stream (change, priority, grants, units)")
                    }
                    return event
                })
            let watched = types.map(\.identifier) + (summaries ? [HKActivitySummaryTypeIdentifier] : [])
            await user.auditor.record(app.bundleIdentifier, "changes.stream", types: watched, count: 0, errorCode: nil)
            return try openStream(
                for: app, types: types, summaries: summaries && events.contains(.change), from: resumeFrom,
                events: events)
        }
    }

    private static let lastEventID = HTTPField.Name("Last-Event-ID")!

    /// What a stream reports: changes of samples (with ids, resumable), changes of the source priority, changes of
    /// the app's decisions, changes of the preferred units.
    private enum StreamEvent: String {
        case change, priority, grants, units
    }

    private enum StreamSignal: Sendable {
        case changed, heartbeat
        /// A change no sample made (`.sourcePriority`, `.grants`, `.preferredUnits`): reported as is, without id.
        case unanchored(StoreChange)
        /// The activity summaries changed: reported without id.
        case summaries
    }

    private func openStream(
        for app: AuthenticatedApp, types: [HKSampleType], summaries: Bool, from resumeFrom: Int64?,
        events: Set<StreamEvent>
    ) throws -> Response {
        let user = app.user
        let (signals, continuation) = AsyncStream.makeStream(of: StreamSignal.self)
        // A burst of changes wakes the writer once: each wake-up reads everything up to the store's anchor.
        let waiting = Locked(false)
        @Sendable func wake() {
            if waiting.withLock({
                let first = !$0
                $0 = true
                return first
            }) {
                continuation.yield(.changed)
            }
        }
        let identifiers = Set(types.map(\.identifier))
        var kinds: Set<StoreChange.Kind> = events.contains(.change) ? [.samples] : []
        if events.contains(.priority) { kinds.insert(.sourcePriority) }
        if events.contains(.grants) { kinds.insert(.grants) }
        if events.contains(.units) { kinds.insert(.preferredUnits) }
        let watched = summaries ? identifiers.union([HKActivitySummaryTypeIdentifier]) : identifiers
        let subscription = user.engine.feed.subscribe(to: watched, kinds: kinds) { [self, app] change in
            switch change.kind {
            case .samples:
                if !change.typeIdentifiers.isDisjoint(with: identifiers) { wake() }
                // Told only to an app that may read them: to any other, a change of summaries is none of its business.
                if summaries, change.typeIdentifiers.contains(HKActivitySummaryTypeIdentifier),
                    (try? user.engine.blocking { try await $0.mayReadActivitySummaries(as: .app(app.manifest)) })
                        == true
                {
                    continuation.yield(.summaries)
                }
            case .sourcePriority, .preferredUnits: continuation.yield(.unanchored(change))
            // Only the app's own decisions: another app's are none of its business.
            case .grants: if change.app == app.bundleIdentifier { continuation.yield(.unanchored(change)) }
            }
        }
        let limit = configuration.maximumChangeStreamsPerApp
        let streamID: UUID
        switch user.streams.register(app: app.bundleIdentifier, limit: limit, close: { continuation.finish() }) {
        case .registered(let id): streamID = id
        case .closed:
            subscription.cancel()
            throw APIError(.serviceUnavailable, HKError(.errorDatabaseInaccessible, "healthd is shutting down"))
        case .atLimit:
            subscription.cancel()
            throw APIError(
                .tooManyRequests,
                HKError.invalidArgument(
                    "\(app.bundleIdentifier) already has \(limit) change streams open: close one before opening another"
                ))
        }
        let interval = configuration.heartbeatInterval
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                continuation.yield(.heartbeat)
            }
        }
        continuation.onTermination = { [user] _ in
            heartbeat.cancel()
            subscription.cancel()
            user.streams.unregister(streamID)
        }
        // Subscribed first, then the starting point read: a change committed in between is reported, not lost.
        let start = try resumeFrom ?? user.engine.blocking { try await $0.latestReadableAnchor(as: .app(app.manifest)) }
        if resumeFrom != nil, events.contains(.change) { wake() }
        // The app is back: what background delivery has not yet told it is announced first.
        let pending =
            events.contains(.change)
            ? try user.engine.blocking {
                try await $0.pendingBackgroundDeliveries(app: app.manifest, among: identifiers)
            } : []
        let body = ResponseBody { [self] writer in
            defer { continuation.finish() }
            var position = start
            try await writer.write(ByteBuffer(string: "retry: 1000\n: watching from anchor \(position)\n\n"))
            if !pending.isEmpty {
                try await writer.write(
                    ByteBuffer(string: Self.serverSentEvent(WireChangeEvent(anchor: start, types: pending.sorted()))))
            }
            for await signal in signals {
                switch signal {
                case .heartbeat:
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                case .unanchored(let change):
                    // The stream's position, not the store's anchor: nothing about other apps' writes.
                    let event = WireChangeEvent(
                        anchor: position, types: identifiers.intersection(change.typeIdentifiers).sorted())
                    let name: StreamEvent =
                        switch change.kind {
                        case .grants: .grants
                        case .preferredUnits: .units
                        default: .priority
                        }
                    try await writer.write(ByteBuffer(string: Self.serverSentEvent(event, name: name.rawValue)))
                case .summaries:
                    let event = WireChangeEvent(anchor: position, types: [HKActivitySummaryTypeIdentifier])
                    try await writer.write(ByteBuffer(string: Self.serverSentEvent(event, name: "summaries")))
                case .changed:
                    waiting.withLock { $0 = false }
                    // A revoked (or replaced, or expired) credential ends the stream at its next event.
                    guard let current = try? authenticator.current(app.claims, of: user) else {
                        return try await writer.finish(nil)
                    }
                    let event = try await offload { [self, position] in
                        try await visibleChanges(of: types, after: position, as: current.manifest, in: user.engine)
                    }
                    position = max(position, event.anchor)
                    if !event.types.isEmpty { try await writer.write(ByteBuffer(string: Self.serverSentEvent(event))) }
                }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: body)
    }

    /// The types with a change after `anchor` that the app can see (its own samples, or every source's when it may
    /// read the type), and the anchor they were read up to: that of the latest change the app may read.
    private func visibleChanges(
        of types: [HKSampleType], after anchor: Int64, as app: AppManifest, in engine: HealthEngine
    ) async throws -> WireChangeEvent {
        // Read first: a change committed while the types are checked is reported again, never skipped.
        let upTo = max(anchor, try await engine.latestReadableAnchor(as: .app(app)))
        var changed: [String] = []
        for type in types {
            let changes = try await engine.changes(
                matching: [SampleFilter(type: type, predicate: nil)], after: anchor, limit: 1, as: .app(app))
            if !changes.samples.isEmpty || !changes.deletedObjects.isEmpty { changed.append(type.identifier) }
        }
        return WireChangeEvent(anchor: upTo, types: changed.sorted())
    }

    /// A change event (its id the anchor, from which a reconnecting client resumes) or a priority or grants event
    /// (no id).
    private static func serverSentEvent(_ event: WireChangeEvent, name: String = "change") -> String {
        let data = (try? JSONResponses.encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let id = name == "change" ? "id: \(event.anchor)\n" : ""
        return "\(id)event: \(name)\ndata: \(data)\n\n"
    }
}
