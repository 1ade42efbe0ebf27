import Foundation
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Delivers one user's webhook subscriptions: each committed change of a subscribed type reaches the subscription's
/// URL, deletions included, at least once, in order, from an outbox in the store.
///
/// For a subscription with nothing pending, the changes after its cursor (a page of ``pageSize`` at most) become a
/// message kept in the store (``PendingWebhookMessage``) before its first attempt; the message is posted, signed
/// (``WebhookSignature``), until the receiver answers 2xx, which moves the cursor past it and drops it in one
/// transaction; then the next page. A failed attempt is retried after 1 s, 2 s, 4 s... up to an hour, as long as
/// the subscription exists; a restart sends the kept message again, with the same `webhook-id`, which is the
/// receiver's key to drop a repeat. Every attempt goes to the subscription's delivery log.
final class WebhookDispatcher: Sendable {
    private struct Delivery {
        var isPosting = false
        var failures = 0
        var retry: DispatchWorkItem?
    }

    private struct State {
        var deliveries: [String: Delivery] = [:]
        var isStopped = false
        /// A look at every subscription is queued: commits arriving meanwhile need no other.
        var lookQueued = false
    }

    /// The changes one message carries at most.
    static let pageSize = 500
    private let engine: HealthEngine
    private let owner: Principal
    private let logger: Logger
    private let retryDelay: TimeInterval
    private let maximumDelay: TimeInterval
    private let state = Locked(State())
    private let subscription = Locked<ChangeSubscription?>(nil)
    /// Every decision runs here, one at a time: store reads stay off Swift concurrency's threads.
    private let queue = DispatchQueue(label: "healthd.WebhookDispatcher")
    private let session: URLSession

    init(
        engine: HealthEngine, owner: Principal, logger: Logger, retryDelay: TimeInterval = 1,
        maximumDelay: TimeInterval = 3600
    ) {
        self.engine = engine
        self.owner = owner
        self.logger = logger
        self.retryDelay = retryDelay
        self.maximumDelay = maximumDelay
        // A redirect is refused: it could lead off this machine, or from https to http.
        session = RedirectRefusal.session(timeout: 15)
    }

    /// Starts delivering: what is pending or committed since the cursors at once, then every change as it commits.
    func start() {
        let token = engine.feed.subscribe(to: nil, kinds: [.samples]) { [self] _ in lookAgain() }
        subscription.withLock { $0 = token }
        lookAgain()
    }

    func stop() {
        subscription.withLock { token in
            token?.cancel()
            token = nil
        }
        state.withLock { state in
            state.isStopped = true
            for delivery in state.deliveries.values { delivery.retry?.cancel() }
        }
        session.invalidateAndCancel()
    }

    /// A subscription was added or removed: look at every one again.
    func subscriptionsChanged() {
        lookAgain()
    }

    /// Queues a look at every subscription, unless one is queued already (an import commits batch after batch).
    private func lookAgain() {
        let queued = state.withLock { state -> Bool in
            defer { state.lookQueued = true }
            return state.lookQueued
        }
        guard !queued else { return }
        queue.async { [self] in considerAll() }
    }

    private func considerAll() {
        state.withLock { $0.lookQueued = false }
        do {
            for subscription in try engine.blocking({ try await $0.webhookSubscriptions() }) { consider(subscription) }
        } catch {
            logger.error("webhooks: could not read the subscriptions: \(error)")
        }
    }

    /// Posts the subscription's pending message, or makes one of the changes after its cursor; on `queue`.
    private func consider(_ subscription: WebhookSubscription) {
        let busy = state.withLock { state -> Bool in
            guard !state.isStopped else { return true }
            let delivery = state.deliveries[subscription.id, default: Delivery()]
            // A post under way looks again when it ends; a scheduled retry comes first.
            return delivery.isPosting || delivery.retry != nil
        }
        guard !busy else { return }
        do {
            guard
                let message = try engine.blocking({ try await $0.pendingWebhookMessage(subscription: subscription.id) })
                    ?? nextMessage(subscription)
            else { return }
            post(message, for: subscription)
        } catch {
            logger.error("webhooks: could not prepare a message for \(subscription.id): \(error)")
            failedWithoutPosting(subscription.id)
        }
    }

    /// The store could not be read or written (its database is down): the subscription is looked at again after
    /// the backoff, not only at the next commit.
    private func failedWithoutPosting(_ id: String) {
        let failures = state.withLock { state -> Int in
            var delivery = state.deliveries[id, default: Delivery()]
            delivery.failures += 1
            state.deliveries[id] = delivery
            return delivery.failures
        }
        scheduleRetry(id, after: delay(afterFailures: failures))
    }

    private func delay(afterFailures failures: Int) -> TimeInterval {
        min(maximumDelay, retryDelay * pow(2, Double(min(failures, 30) - 1)))
    }

    /// The changes after the cursor, kept in the store as the next message; nil when there are none.
    private func nextMessage(_ subscription: WebhookSubscription) throws -> PendingWebhookMessage? {
        let filters = subscription.types.compactMap { try? WireTypes.sampleType($0) }.map {
            SampleFilter(type: $0, predicate: nil)
        }
        guard !filters.isEmpty else { return nil }
        let changes = try engine.blocking {
            try await $0.changes(
                matching: filters, after: subscription.cursor, limit: Self.pageSize, as: owner)
        }
        guard !changes.samples.isEmpty || !changes.deletedObjects.isEmpty else { return nil }
        let now = Date()
        let payload = WireWebhookMessage(
            type: WireWebhookMessage.changesType, timestamp: WireDate(now),
            data: WireWebhookChanges(subscription: subscription.id, changes: WireAnchoredResponse(changes)))
        let message = PendingWebhookMessage(
            id: "msg_\(subscription.id)_\(changes.anchor)", throughAnchor: changes.anchor, created: now,
            body: try JSONResponses.encoder.encode(payload),
            changes: changes.samples.count + changes.deletedObjects.count)
        try engine.blocking { try await $0.savePendingWebhookMessage(message, subscription: subscription.id) }
        return message
    }

    private func post(_ message: PendingWebhookMessage, for subscription: WebhookSubscription) {
        let timestamp = Int(Date().timeIntervalSince1970)
        guard
            let signature = WebhookSignature.signature(
                secret: subscription.secret, id: message.id, timestamp: timestamp, body: message.body)
        else {
            logger.error("webhooks: the secret of \(subscription.id) is not a whsec_ secret")
            return
        }
        var request = URLRequest(url: subscription.url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(message.id, forHTTPHeaderField: "webhook-id")
        request.setValue(String(timestamp), forHTTPHeaderField: "webhook-timestamp")
        request.setValue(signature, forHTTPHeaderField: "webhook-signature")
        request.httpBody = message.body
        state.withLock { $0.deliveries[subscription.id, default: Delivery()].isPosting = true }
        session.dataTask(with: request) { [self] _, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode
            queue.async { [self] in finished(message, of: subscription, status: status, error: error) }
        }.resume()
    }

    private func finished(
        _ message: PendingWebhookMessage, of subscription: WebhookSubscription, status: Int?, error: (any Error)?
    ) {
        // Stopping cancels the posts under way: one the receiver did not answer is no attempt.
        guard status != nil || !state.withLock({ $0.isStopped }) else { return }
        let delivered = status.map { (200..<300).contains($0) } ?? false
        let problem: String? =
            delivered
            ? nil : status.map { "the receiver answered \($0)" } ?? "no answer: \(error.map { "\($0)" } ?? "")"
        var recorded = true
        do {
            guard try engine.blocking({ try await $0.webhookSubscription(id: subscription.id) }) != nil else {
                state.withLock { _ = $0.deliveries.removeValue(forKey: subscription.id) }
                return
            }
            try engine.blocking {
                try await $0.recordWebhookAttempt(
                    WebhookAttempt(
                        messageID: message.id, time: Date(), status: status, error: problem, changes: message.changes),
                    of: message, subscription: subscription.id)
            }
        } catch {
            logger.error("webhooks: could not record an attempt of \(message.id): \(error)")
            recorded = false
        }
        // A delivery that could not be recorded is posted again after the backoff (its message is still kept).
        let succeeded = delivered && recorded
        let failures = state.withLock { state -> Int in
            var delivery = state.deliveries[subscription.id, default: Delivery()]
            delivery.isPosting = false
            delivery.failures = succeeded ? 0 : delivery.failures + 1
            state.deliveries[subscription.id] = delivery
            return delivery.failures
        }
        if succeeded {
            logger.debug("webhooks: delivered \(message.id)")
            considerAll()
        } else {
            logger.warning("webhooks: \(message.id) not delivered (\(problem ?? "not recorded")); trying again")
            scheduleRetry(subscription.id, after: delay(afterFailures: failures))
        }
    }

    private func scheduleRetry(_ id: String, after delay: TimeInterval) {
        let work = DispatchWorkItem { [self] in
            state.withLock { $0.deliveries[id]?.retry = nil }
            considerAll()
        }
        state.withLock { $0.deliveries[id, default: Delivery()].retry = work }
        queue.asyncAfter(deadline: .now() + delay, execute: work)
    }
}
