import Foundation

#if canImport(HealthKit)
import HealthKit
#else
import OpenHealthKit
#endif

/// Records the user's heart rate in the health store: the model of HealthKit's classic heart-rate tutorial.
///
/// On ``activate()`` the model asks to write heart rates (it reads nothing), then follows that permission: recording
/// is ``enabled`` only while `authorizationStatus(for:)` says `sharingAuthorized`. The user types beats per minute;
/// ``record(text:sensorLocation:)`` turns the text into an `HKQuantity` in count/min, checks that it is compatible
/// with beats per minute and saves an `HKQuantitySample` whose start and end are the moment it was recorded.
///
/// ## Following the model
///
/// The model raises three events; a view follows them with ``events()``, an `AsyncStream` of ``Event``:
///
/// ```swift
/// for await event in model.events() {
///     switch event {
///     case .enabledChanged(let enabled): recordButton.isEnabled = enabled
///     case .errorMessageChanged(let message): errorLabel.text = message
///     case .heartRateStored(let beatsPerMinute): statusLabel.text = "Stored \(beatsPerMinute) BPM"
///     }
/// }
/// ```
///
/// Each call of ``events()`` makes a stream of its own (so a model may have several followers) that receives every
/// event raised after the call, in the order they were raised. An `AsyncStream` rather than Observation or Combine:
/// it works the same on Linux and on Apple platforms, says in its type exactly which events there are (the
/// tutorial's three), and a view can follow it from any task.
///
/// ## Noticing a revocation
///
/// HealthKit tells an app nothing when the user turns its permission off in Health (an observer query is about
/// data, not permissions); `authorizationStatus(for:)` starts answering `sharingDenied` and saves fail with
/// `errorAuthorizationDenied`. So once activated the model reads the status again every
/// ``authorizationCheckInterval`` seconds, and at once after a save fails with `errorAuthorizationDenied`, raising
/// ``Event/enabledChanged(_:)`` when it changed. The app needs no restart, in either direction.
///
/// ## Whole beats per minute
///
/// The tutorial reads the field as a whole number, and a heart rate is counted in whole beats; "72.5" is refused
/// with a message rather than rounded, and so are numbers outside ``plausibleBeatsPerMinute`` (an example's bound
/// against typing mistakes, not a HealthKit rule: HealthKit only refuses negative heart rates).
final class HeartRateModel: @unchecked Sendable {
    /// What the model tells its followers.
    enum Event: Sendable, Equatable {
        /// Recording became possible (the user allowed writing heart rates) or impossible (denied, or revoked).
        case enabledChanged(Bool)
        /// The message about the last attempt to record changed: why it failed, or nil when a new attempt starts.
        case errorMessageChanged(String?)
        /// A heart rate was saved, in whole beats per minute.
        case heartRateStored(beatsPerMinute: Int)
    }

    /// Beats per minute: count/min, the unit HealthKit keeps heart rates in.
    static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
    static let heartRateType = HKQuantityType(.heartRate)
    /// The heart rates the model accepts.
    static let plausibleBeatsPerMinute = 1...300

    /// How often, in seconds, an activated model reads its permission again.
    let authorizationCheckInterval: TimeInterval

    private let healthStore: HKHealthStore
    /// Status checks run here: on a healthd client `authorizationStatus(for:)` is a blocking HTTP call, kept off
    /// Swift concurrency's few threads.
    private let queue = DispatchQueue(label: "HeartRateModel")
    private let lock = NSLock()
    private var isEnabled = false
    private var message: String?
    private var followers: [UUID: AsyncStream<Event>.Continuation] = [:]
    private var watch: DispatchSourceTimer?

    init(healthStore: HKHealthStore = HKHealthStore(), authorizationCheckInterval: TimeInterval = 1) {
        self.healthStore = healthStore
        self.authorizationCheckInterval = authorizationCheckInterval
    }

    deinit {
        watch?.cancel()
        followers.values.forEach { $0.finish() }
    }

    /// Whether the user allows recording (the Record button's state).
    var enabled: Bool { lock.withLock { isEnabled } }

    /// Why the last attempt to record failed; nil when it did not.
    var errorMessage: String? { lock.withLock { message } }

    /// The events raised from now on, in order. The stream ends when the model goes away.
    func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let id = UUID()
        lock.withLock { followers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = lock.withLock { followers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Asks to write heart rates (the user is asked once; later calls return at once), then follows the permission.
    /// Returns when the user has answered.
    func activate() async {
        startWatchingAuthorization()
        do {
            try await healthStore.requestAuthorization(toShare: [Self.heartRateType], read: [])
        } catch {
            setErrorMessage("Could not ask for permission to store heart rates: \(error.localizedDescription)")
        }
        await checkAuthorization()
    }

    /// Stops reading the permission periodically.
    func deactivate() {
        lock.withLock {
            watch?.cancel()
            watch = nil
        }
    }

    /// Reads the permission to write heart rates now, raising ``Event/enabledChanged(_:)`` if it changed.
    func checkAuthorization() async {
        await withCheckedContinuation { continuation in
            queue.async {
                self.readAuthorization()
                continuation.resume()
            }
        }
    }

    /// Records what the user typed, with where it was measured if they said.
    func record(text: String, sensorLocation: HKHeartRateSensorLocation? = nil) async {
        setErrorMessage(nil)
        switch Self.wholeBeatsPerMinute(in: text) {
        case .success(let beats):
            await storeHeartRate(heartRateInBeatsPerMinute(beats), sensorLocation: sensorLocation)
        case .failure(let refusal):
            setErrorMessage(refusal.message)
        }
    }

    /// A heart rate as a strongly typed quantity.
    func heartRateInBeatsPerMinute(_ beats: Int) -> HKQuantity {
        HKQuantity(unit: Self.beatsPerMinute, doubleValue: Double(beats))
    }

    /// Saves a heart rate measured now; raises ``Event/heartRateStored(beatsPerMinute:)``, or
    /// ``Event/errorMessageChanged(_:)`` with the reason it was not saved.
    func storeHeartRate(_ quantity: HKQuantity, sensorLocation: HKHeartRateSensorLocation? = nil) async {
        guard quantity.is(compatibleWith: Self.beatsPerMinute) else {
            setErrorMessage("A heart rate is counted in beats per minute (count/min).")
            return
        }
        let now = Date()
        let metadata = sensorLocation.map { [HKMetadataKeyHeartRateSensorLocation: NSNumber(value: $0.rawValue)] }
        let sample = HKQuantitySample(
            type: Self.heartRateType, quantity: quantity, start: now, end: now, metadata: metadata)
        do {
            try await healthStore.save(sample)
        } catch {
            setErrorMessage("Could not store the heart rate: \(error.localizedDescription)")
            if let error = error as? HKError, error.code == .errorAuthorizationDenied { await checkAuthorization() }
            return
        }
        raise(.heartRateStored(beatsPerMinute: Int(quantity.doubleValue(for: Self.beatsPerMinute).rounded())))
    }

    /// Why a text is not a heart rate.
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// The whole number of beats per minute a text holds (spaces around it allowed), or why it holds none.
    static func wholeBeatsPerMinute(in text: String) -> Result<Int, Refusal> {
        let limits = plausibleBeatsPerMinute
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite else {
            return .failure(Refusal(message: "Enter a number of beats per minute, such as 72."))
        }
        guard value >= Double(limits.lowerBound), value <= Double(limits.upperBound) else {
            return .failure(
                Refusal(
                    message:
                        "Enter a heart rate between \(limits.lowerBound) and \(limits.upperBound) beats per minute."))
        }
        guard value == value.rounded() else {
            return .failure(Refusal(message: "Enter a whole number of beats per minute, such as 72."))
        }
        return .success(Int(value))
    }

    // MARK: - State and events

    private func startWatchingAuthorization() {
        lock.withLock {
            guard watch == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + authorizationCheckInterval, repeating: authorizationCheckInterval)
            timer.setEventHandler { [weak self] in self?.readAuthorization() }
            timer.resume()
            watch = timer
        }
    }

    private func readAuthorization() {
        let allowed = healthStore.authorizationStatus(for: Self.heartRateType) == .sharingAuthorized
        lock.withLock {
            guard allowed != isEnabled else { return }
            isEnabled = allowed
            yield(.enabledChanged(allowed))
        }
    }

    private func setErrorMessage(_ newMessage: String?) {
        lock.withLock {
            guard newMessage != message else { return }
            message = newMessage
            yield(.errorMessageChanged(newMessage))
        }
    }

    private func raise(_ event: Event) {
        lock.withLock { yield(event) }
    }

    /// Hands an event to every follower; called with the lock held, so that followers see events in state order.
    private func yield(_ event: Event) {
        for follower in followers.values { follower.yield(event) }
    }
}
