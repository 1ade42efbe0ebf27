import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenHealthKit
import OpenHealthKitTesting
import OpenHealthKitWire
import ServiceLifecycle

/// An app's loopback endpoint for background delivery wake-ups: records what healthd posts to `/wake`, answering
/// with `status`.
final class CallbackReceiver: Sendable {
    let url: URL
    private let wakes: Locked<[WireBackgroundWake]>
    private let answer: Locked<HTTPResponse.Status>
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(
        url: URL, answer: Locked<HTTPResponse.Status>, wakes: Locked<[WireBackgroundWake]>, group: ServiceGroup,
        task: Task<Void, any Error>
    ) {
        self.url = url
        self.answer = answer
        self.group = group
        self.task = task
        self.wakes = wakes
    }

    static func start() async throws -> CallbackReceiver {
        let wakes = Locked<[WireBackgroundWake]>([])
        let answer = Locked<HTTPResponse.Status>(.noContent)
        let router = Router(context: BasicRequestContext.self)
        router.post("/wake") { request, context -> Response in
            let wake = try await request.decode(as: WireBackgroundWake.self, context: context)
            wakes.withLock { $0.append(wake) }
            return Response(status: answer.withLock { $0 })
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "callback")
        logger.logLevel = .critical
        let application = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            }, logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application], gracefulShutdownSignals: [], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw HarnessError("the callback receiver did not start") }
        return CallbackReceiver(
            url: URL(string: "http://127.0.0.1:\(port)/wake")!, answer: answer, wakes: wakes, group: group, task: task)
    }

    /// What healthd posted so far.
    var received: [WireBackgroundWake] { wakes.withLock { $0 } }

    /// Answers later posts with `status`.
    func answer(with status: HTTPResponse.Status) {
        answer.withLock { $0 = status }
    }

    /// Waits until `count` posts arrived.
    func wait(for count: Int) async throws -> [WireBackgroundWake] {
        try await waitUntil("\(count) wake-ups (\(received.count) arrived)") { received.count >= count }
        return received
    }

    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}
