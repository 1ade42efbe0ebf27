public import Foundation
import OpenHealthKitModel

/// Builds a heartbeat series: add each beat's time since the series' start (and whether a gap in the data preceded
/// it), add metadata, then finish the series to save it as one ``HKHeartbeatSeriesSample``. The beats are kept
/// exactly as written; the sample ends at the latest one.
///
/// Finishing needs the app's permission to share ``HKSeriesType/heartbeat()``. After finishing or discarding, the
/// builder cannot be used again.
public final class HKHeartbeatSeriesBuilder: HKSeriesBuilder, @unchecked Sendable {
    /// The most beats one series holds: adding more fails.
    public class var maximumCount: Int { HeartbeatSeriesValidation.maximumCount }

    private let store: HKHealthStore
    private let device: HKDevice?
    private let startDate: Date
    private let collected = Locked(Collected())

    private struct Collected: @unchecked Sendable {
        var beats: [HeartbeatSeriesEntry] = []
        var metadata: [String: Any] = [:]
    }

    /// A builder of a series starting at `startDate`, saved to `healthStore`; `device` is nil for data the app
    /// generates itself.
    public init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date) {
        store = healthStore
        self.device = device
        self.startDate = startDate
        super.init()
    }

    /// A builder of a series starting at `startDate` (HealthKit's earlier spelling of ``init(healthStore:device:start:)``).
    public convenience init(healthStore: HKHealthStore, device: HKDevice?, startDate: Date) {
        self.init(healthStore: healthStore, device: device, start: startDate)
    }

    /// Adds a beat at `timeIntervalSinceStart` seconds after the series' start; `completion` receives whether it was
    /// added, or the error (a negative or infinite time, ``maximumCount`` reached, the builder finished or discarded).
    public func addHeartbeatWithTimeInterval(
        sinceSeriesStartDate timeIntervalSinceStart: TimeInterval, precededByGap: Bool,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let outcome = Result { try add(timeIntervalSinceStart, precededByGap: precededByGap) }
        store.workQueue().async { completion((try? outcome.get()) != nil, outcome.failure) }
    }

    /// Adds a beat at `timeIntervalSinceStart` seconds after the series' start.
    public func addHeartbeat(at timeIntervalSinceStart: TimeInterval, precededByGap: Bool) async throws {
        try add(timeIntervalSinceStart, precededByGap: precededByGap)
    }

    /// Adds `metadata` to the series' sample (later keys replace earlier ones); `completion` receives whether it was
    /// added, or the error (invalid metadata, the builder finished or discarded).
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let outcome = Result { try merge(metadata) }
        store.workQueue().async { completion((try? outcome.get()) != nil, outcome.failure) }
    }

    /// Adds `metadata` to the series' sample (later keys replace earlier ones).
    public func addMetadata(_ metadata: [String: Any]) async throws {
        try merge(metadata)
    }

    /// Finishes the series and saves it; `completion` receives the saved sample or an error (no beat added, the
    /// builder finished or discarded, no permission).
    public func finishSeries(completion: @escaping @Sendable (HKHeartbeatSeriesSample?, (any Error)?) -> Void) {
        store.dispatch({ [self] in try finishNow() }) { result in
            switch result {
            case .success(let sample): completion(sample, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Finishes the series and saves it; returns the saved sample.
    public func finishSeries() async throws -> HKHeartbeatSeriesSample {
        try await store.perform { [self] in try finishNow() }
    }

    /// Stops collecting and drops the beats: nothing is saved, and the builder cannot be used again.
    public override func discard() {
        super.discard()
        collected.withLock { $0 = Collected() }
    }

    private func add(_ time: TimeInterval, precededByGap: Bool) throws {
        try state.withLock { $0 }.checkCollecting("heartbeat series builder")
        try HeartbeatSeriesValidation.validate(time)
        try collected.withLock { collected in
            guard collected.beats.count < Self.maximumCount else {
                throw HKError.invalidArgument(
                    "A heartbeat series holds at most \(Self.maximumCount) heartbeats: this one is full")
            }
            collected.beats.append(HeartbeatSeriesEntry(timeSinceStart: time, precededByGap: precededByGap))
        }
    }

    private func merge(_ metadata: [String: Any]) throws {
        try state.withLock { $0 }.checkCollecting("heartbeat series builder")
        try MetadataValidation.validate(metadata)
        collected.withLock { $0.metadata.merge(metadata) { _, new in new } }
    }

    /// Builds the sample of the beats so far and saves it; the builder is finished once the save succeeded.
    private func finishNow() throws -> HKHeartbeatSeriesSample {
        try state.withLock { $0 }.checkCollecting("heartbeat series builder")
        let (beats, metadata) = collected.withLock { ($0.beats, $0.metadata) }
        let sample = HKHeartbeatSeriesSample(
            start: startDate, beats: beats, device: device, metadata: metadata.isEmpty ? nil : metadata)
        try store.backend.save([sample])
        state.withLock { $0 = .finished }
        collected.withLock { $0 = Collected() }
        return sample
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
