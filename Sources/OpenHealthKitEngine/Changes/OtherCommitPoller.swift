import Foundation
import OpenHealthKitModel

/// Publishes what other processes commit to the engine's store file, as the engine publishes its own writes.
///
/// While the change feed has subscribers, a timer on the poller's own dispatch queue (never Swift concurrency's
/// pool) asks the storage every half second whether others committed (SQLite: one pragma when nothing happened;
/// PostgreSQL: nothing unless a notification arrived). The queue may wait, so it calls the storage inline
/// (``InlineExecution``: both storages execute synchronously today). Samples they saved or deleted become a
/// `.samples` change of their types. Grants and source priorities live in settings without
/// anchors, so the poller keeps a copy of those settings and, when others committed, publishes `.grants` and
/// `.sourcePriority` changes for the entries that differ; preferred units likewise become `.preferredUnits` changes,
/// and a change of ``HealthEngine/activitySummaryMark`` (another process imported activity summaries, which have no
/// anchors) a `.samples` change of `HKActivitySummaryTypeIdentifier`.
final class OtherCommitPoller: @unchecked Sendable {
    static let interval: DispatchTimeInterval = .milliseconds(500)
    private static let grantPrefix = "grant/"
    private static let priorityPrefix = "statistics/sourcePriority/"
    private static let unitPrefix = HealthEngine.settingsPrefix
    private static let summaryMark = HealthEngine.activitySummaryMark

    private let storage: any Storage
    private let feed: ChangeFeed
    private let queue = DispatchQueue(label: "OpenHealthKit.otherCommits")
    // Confined to `queue`.
    private var timer: DispatchSourceTimer?
    private var settings: [String: String] = [:]

    init(storage: any Storage, feed: ChangeFeed) {
        self.storage = storage
        self.feed = feed
    }

    deinit { timer?.cancel() }

    /// Starts polling when the feed gets subscribers, stops when it has none.
    func setActive(_ active: Bool) {
        queue.async { [self] in active ? start() : stop() }
    }

    /// Returns once the activity changes asked for so far took effect (polling started or stopped).
    func settle() {
        queue.sync {}
    }

    private func start() {
        guard timer == nil, (try? inline { try await $0.startWatchingOtherCommits() }) == true else { return }
        settings = watchedSettings()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.poll() }
        timer.resume()
        self.timer = timer
    }

    private func stop() {
        timer?.cancel()
        timer = nil
        storage.stopWatchingOtherCommits()
    }

    private func poll() {
        guard let commits = try? inline({ try await $0.otherCommits() }) else { return }
        if !commits.typeIdentifiers.isEmpty {
            feed.publish(StoreChange(typeIdentifiers: commits.typeIdentifiers, anchor: commits.anchor))
        }
        let now = watchedSettings()
        let changed = Set(settings.keys).union(now.keys).filter { settings[$0] != now[$0] }
        settings = now
        var grantsByApp: [String: Set<String>] = [:]
        var priorities = Set<String>(), units = Set<String>()
        for key in changed {
            if key == Self.summaryMark {
                feed.publish(
                    StoreChange(typeIdentifiers: [HKActivitySummaryTypeIdentifier], anchor: commits.anchor))
            } else if key.hasPrefix(Self.priorityPrefix) {
                priorities.insert(String(key.dropFirst(Self.priorityPrefix.count)))
            } else if key.hasPrefix(Self.unitPrefix) {
                units.insert(String(key.dropFirst(Self.unitPrefix.count)))
            } else {
                // "grant/<bundle identifier>/<type identifier>"
                let parts = key.dropFirst(Self.grantPrefix.count).split(separator: "/", maxSplits: 1)
                if parts.count == 2 { grantsByApp[String(parts[0]), default: []].insert(String(parts[1])) }
            }
        }
        if !priorities.isEmpty {
            feed.publish(StoreChange(typeIdentifiers: priorities, anchor: commits.anchor, kind: .sourcePriority))
        }
        if !units.isEmpty {
            feed.publish(StoreChange(typeIdentifiers: units, anchor: commits.anchor, kind: .preferredUnits))
        }
        for (app, types) in grantsByApp {
            feed.publish(StoreChange(typeIdentifiers: types, anchor: commits.anchor, kind: .grants, app: app))
        }
    }

    private func inline<T>(_ call: (any Storage) async throws -> T) throws -> T {
        try InlineExecution.complete { try await call(storage) }
    }

    private func watchedSettings() -> [String: String] {
        let grants = (try? inline { try await $0.settings(withPrefix: Self.grantPrefix) }) ?? [:]
        let priorities = (try? inline { try await $0.settings(withPrefix: Self.priorityPrefix) }) ?? [:]
        let units = (try? inline { try await $0.settings(withPrefix: Self.unitPrefix) }) ?? [:]
        let summaries = (try? inline { try await $0.settings(withPrefix: Self.summaryMark) }) ?? [:]
        return [grants, priorities, units, summaries].reduce(into: [:]) { all, some in
            all.merge(some) { first, _ in first }
        }
    }
}

extension HealthEngine {
    /// Returns once the engine watches other processes' commits for the change feed's current subscribers: a commit
    /// another process makes afterwards is published. (A first subscription starts the watch on the poller's queue,
    /// after `subscribe` returned.)
    package func awaitOtherCommitsWatch() {
        otherCommits.settle()
    }
}
