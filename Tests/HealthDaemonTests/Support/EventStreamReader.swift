import Foundation
import OpenHealthKit
import OpenHealthKitTesting
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads a change stream (Server-Sent Events) the way a browser's EventSource would, keeping the events' ids and
/// data, and whether the server closed it.
final class EventStreamReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Event: Sendable {
        let id: Int64?
        /// The `event` field: `change`, or `priority`.
        let name: String?
        let change: WireChangeEvent
    }

    private let state = Locked<(text: String, status: Int?, ended: Bool)>(("", nil, false))
    private var session: URLSession?

    init(url: URL, credential: String, lastEventID: Int64? = nil) {
        super.init()
        var request = URLRequest(url: url, timeoutInterval: SafetyTimeout.duration / .seconds(1))
        request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
        if let lastEventID { request.setValue(String(lastEventID), forHTTPHeaderField: "Last-Event-ID") }
        let session = URLSession(configuration: .patient, delegate: self, delegateQueue: nil)
        self.session = session
        session.dataTask(with: request).resume()
    }

    func close() {
        session?.invalidateAndCancel()
    }

    var status: Int? { state.withLock { $0.status } }
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// The events received so far.
    var events: [Event] {
        let text = state.withLock { $0.text }
        return text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6),
                let change = try? JSONDecoder().decode(WireChangeEvent.self, from: Data(data.utf8))
            else { return nil }
            return Event(
                id: lines.first { $0.hasPrefix("id: ") }.flatMap { Int64($0.dropFirst(4)) },
                name: lines.first { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }, change: change)
        }
    }

    /// Waits until healthd answered (the stream is open, or refused); returns the status.
    func connected() async throws -> Int? {
        try await waitUntil("healthd to answer the stream") { status != nil || hasEnded }
        return status
    }

    /// Waits until `condition` holds for the events.
    func wait(until condition: ([Event]) -> Bool) async throws -> [Event] {
        var events: [Event] = []
        try await waitUntil("the stream to deliver; it holds \(events.map(\.change))") {
            events = self.events
            return condition(events)
        }
        return events
    }

    /// Waits until the server closed the stream.
    func ended() async throws {
        try await waitUntil("the stream to end") { hasEnded }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.status = (response as? HTTPURLResponse)?.statusCode }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.text += String(decoding: data, as: UTF8.self) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { $0.ended = true }
    }
}
