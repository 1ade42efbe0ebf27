import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenHealthKit
import OpenHealthKitTesting
import OpenHealthKitWire
import ServiceLifecycle

/// A loopback endpoint healthd posts to (an app's background-delivery callback, a webhook): records each post to
/// `/wake`, its headers and body, answering with `status`.
final class CallbackReceiver: Sendable {
    /// A post as it arrived.
    struct Post: Sendable {
        var headers: HTTPFields
        var body: Data
    }

    let url: URL
    private let posts: Locked<[Post]>
    private let answer: Locked<(status: HTTPResponse.Status, location: URL?)>
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(
        url: URL, answer: Locked<(status: HTTPResponse.Status, location: URL?)>, posts: Locked<[Post]>,
        group: ServiceGroup,
        task: Task<Void, any Error>
    ) {
        self.url = url
        self.answer = answer
        self.group = group
        self.task = task
        self.posts = posts
    }

    static func start() async throws -> CallbackReceiver {
        let posts = Locked<[Post]>([])
        let answer = Locked<(status: HTTPResponse.Status, location: URL?)>((.noContent, nil))
        let router = Router(context: BasicRequestContext.self)
        router.post("/wake") { request, context -> Response in
            let body = try await request.body.collect(upTo: 16 << 20)
            posts.withLock { $0.append(Post(headers: request.headers, body: Data(body.readableBytesView))) }
            let (status, location) = answer.withLock { $0 }
            var headers = HTTPFields()
            if let location { headers[.location] = location.absoluteString }
            return Response(status: status, headers: headers)
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
            url: URL(string: "http://127.0.0.1:\(port)/wake")!, answer: answer, posts: posts, group: group, task: task)
    }

    /// Every post so far.
    var allPosts: [Post] { posts.withLock { $0 } }

    /// The background-delivery wake-ups healthd posted so far.
    var received: [WireBackgroundWake] {
        allPosts.compactMap { try? JSONDecoder().decode(WireBackgroundWake.self, from: $0.body) }
    }

    /// Answers later posts with `status` (and a `Location`, for a redirect).
    func answer(with status: HTTPResponse.Status, location: URL? = nil) {
        answer.withLock { $0 = (status, location) }
    }

    /// Waits until `count` posts arrived.
    func wait(for count: Int) async throws -> [WireBackgroundWake] {
        try await waitUntil("\(count) wake-ups (\(received.count) arrived)") { received.count >= count }
        return received
    }

    /// Waits until `count` posts of any kind arrived.
    func waitForPosts(_ count: Int) async throws -> [Post] {
        try await waitUntil("\(count) posts (\(allPosts.count) arrived)") { allPosts.count >= count }
        return allPosts
    }

    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}
