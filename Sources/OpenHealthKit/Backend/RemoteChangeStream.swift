import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A subscription to healthd's change stream (Server-Sent Events) for some types: each event becomes a
/// `StoreChange` for the handler, as the embedded change feed delivers them. A dropped connection is reopened
/// from the last event's anchor, so no change is lost. When healthd refuses the credential (revoked), the handler
/// hears one last change, so that running queries read again and report the error, and the stream stops.
///
/// Changes of the source priority (`priority` events, asked for with `.sourcePriority`), of the app's decisions
/// (`grants` events, `.grants`), of the preferred units (`units` events, `.preferredUnits`) and of the activity
/// summaries (`summaries` events, heard as `.samples` changes of `HKActivitySummaryTypeIdentifier` when that type is
/// watched) carry no anchor, so none can be resumed: each time the stream connects, the handler hears one, and
/// recomputes what it might have missed.
final class RemoteChangeStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var anchor: Int64?
        var pending = Data()
        var session: URLSession?
        var isCancelled = false
        var retryDelay: TimeInterval = 0.5
        var connections = 0
    }

    private let transport: RemoteTransport
    private let typeIdentifiers: Set<String>
    private let kinds: Set<StoreChange.Kind>
    private let handler: @Sendable (StoreChange) -> Void
    private let announcesFirstConnection: Bool
    private let state = Locked(State())
    /// Resolved when healthd first answered the stream's request, or when that first request failed.
    let established = Eventual<Void>()

    /// `announcesFirstConnection`: whether the handler hears the unanchored changes it might have missed when the
    /// stream first connects, as it does on every reconnection (a caller that waits for ``established`` before it
    /// relies on the stream misses nothing before the first connection).
    init(
        transport: RemoteTransport, typeIdentifiers: Set<String>, kinds: Set<StoreChange.Kind>,
        announcesFirstConnection: Bool = true, handler: @escaping @Sendable (StoreChange) -> Void
    ) {
        self.transport = transport
        self.typeIdentifiers = typeIdentifiers
        self.kinds = kinds
        self.announcesFirstConnection = announcesFirstConnection
        self.handler = handler
        super.init()
    }

    /// Connects from `anchor`: changes after it are reported even if they happened before the stream connected
    /// (nil: from when it connects).
    func start(from anchor: Int64?) {
        state.withLock { $0.anchor = anchor }
        connect()
    }

    func cancel() {
        let session = state.withLock { state -> URLSession? in
            state.isCancelled = true
            defer { state.session = nil }
            return state.session
        }
        session?.invalidateAndCancel()
    }

    private func connect() {
        let anchor = state.withLock { $0.isCancelled ? nil : Optional($0.anchor) }
        guard let anchor else { return }
        var query = [URLQueryItem(name: "types", value: typeIdentifiers.sorted().joined(separator: ","))]
        if let anchor { query.append(URLQueryItem(name: "anchor", value: String(anchor))) }
        if kinds != [.samples] {
            let events = kinds.compactMap { Self.requestedEvents[$0] }.sorted()
            query.append(URLQueryItem(name: "events", value: events.joined(separator: ",")))
        }
        var request = URLRequest(url: transport.url(WireRoutes.changeStream.path, query: query), timeoutInterval: 120)
        transport.authorize(&request)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        let replaced = state.withLock { state -> URLSession? in
            defer {
                state.session = session
                state.pending = Data()
            }
            return state.session
        }
        replaced?.finishTasksAndInvalidate()
        session.dataTask(with: request).resume()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        defer { established.resolve(.success(())) }
        if status == 401 || status == 403 {
            completionHandler(.cancel)
            let anchor = state.withLock { state -> Int64 in
                state.isCancelled = true
                return state.anchor ?? 0
            }
            handler(StoreChange(typeIdentifiers: typeIdentifiers, anchor: anchor))
            return
        }
        completionHandler(status == 200 ? .allow : .cancel)
        guard status == 200 else { return }
        let (anchor, connections) = state.withLock { state -> (Int64, Int) in
            state.connections += 1
            return (state.anchor ?? 0, state.connections)
        }
        guard announcesFirstConnection || connections > 1 else { return }
        if let unanchored = kinds.first(where: { $0 != .samples }) {
            handler(StoreChange(typeIdentifiers: typeIdentifiers, anchor: anchor, kind: unanchored))
        }
        if kinds.contains(.samples), typeIdentifiers.contains(HKActivitySummaryTypeIdentifier) {
            handler(StoreChange(typeIdentifiers: [HKActivitySummaryTypeIdentifier], anchor: anchor))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let changes = state.withLock { state -> [StoreChange] in
            state.pending.append(data)
            var changes: [StoreChange] = []
            while let block = Self.nextBlock(&state.pending) {
                guard let (change, anchored) = Self.change(in: block) else { continue }
                if anchored { state.anchor = max(state.anchor ?? 0, change.anchor) }
                state.retryDelay = 0.5
                changes.append(change)
            }
            return changes
        }
        for change in changes where kinds.contains(change.kind) {
            handler(change)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        established.resolve(.success(()))
        let delay = state.withLock { state -> TimeInterval? in
            guard !state.isCancelled, state.session === session else { return nil }
            defer { state.retryDelay = min(state.retryDelay * 2, 30) }
            return state.retryDelay
        }
        guard let delay else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in connect() }
    }

    /// Takes the next complete event block (up to a blank line) from the buffer.
    private static func nextBlock(_ buffer: inout Data) -> String? {
        let text = String(decoding: buffer, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        guard let end = text.range(of: "\n\n") else { return nil }
        let block = String(text[..<end.lowerBound])
        buffer = Data(text[end.upperBound...].utf8)
        return block
    }

    /// The event that reports each kind of change, as the stream's `events` parameter names it.
    private static let requestedEvents: [StoreChange.Kind: String] = [
        .samples: "change", .sourcePriority: "priority", .grants: "grants", .preferredUnits: "units",
    ]

    /// The kind of change each event of the stream reports: those asked for, and `summaries` (sent with `change`
    /// events when activity summaries are among the types).
    private static let eventNames: [String: StoreChange.Kind] = Dictionary(
        uniqueKeysWithValues: requestedEvents.map { ($0.value, $0.key) } + [("summaries", .samples)])

    /// The change an event block carries: its `data` lines joined, of the kind its `event` names (`change`, the
    /// default, `priority`, `grants`, `units` or `summaries`), and whether it is a `change` event, the only kind whose
    /// anchor the stream resumes from; comments, other fields and unknown events are ignored.
    private static func change(in block: String) -> (StoreChange, anchored: Bool)? {
        let lines = block.split(separator: "\n")
        func field(_ name: String) -> [Substring] {
            lines.filter { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).drop(while: { $0 == " " }) }
        }
        let data = field("data").joined(separator: "\n")
        guard !data.isEmpty, let event = try? JSONDecoder().decode(WireChangeEvent.self, from: Data(data.utf8)) else {
            return nil
        }
        let name = field("event").first.map(String.init) ?? "change"
        guard let kind = eventNames[name] else { return nil }
        return (StoreChange(typeIdentifiers: Set(event.types), anchor: event.anchor, kind: kind), name == "change")
    }
}
