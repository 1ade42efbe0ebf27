import Foundation

/// What the page shows, kept up to date by following the model's events, as the tutorial's view controller does:
/// the status label, whether it reports a failure, and whether the Record button is enabled.
final class HeartRateScreen: @unchecked Sendable {
    /// The page's state, as `GET /state` sends it.
    struct State: Codable, Sendable, Equatable {
        var label = HeartRateScreen.notAuthorized
        var labelIsError = false
        var recordEnabled = false
        /// True while the model's activation is under way: the permission request waits for the user's answer.
        var waitingForPermission = true
    }

    static let ready = "Ready to record"
    static let notAuthorized = "Not authorized to store data."

    static func stored(_ beatsPerMinute: Int) -> String { "Stored \(beatsPerMinute) BPM" }

    private let lock = NSLock()
    private var current = State()

    var state: State { lock.withLock { current } }

    /// Follows the model's events until they end: start it before activating the model, so that none is missed.
    func follow(_ events: AsyncStream<HeartRateModel.Event>) async {
        for await event in events {
            lock.withLock { Self.apply(event, to: &current) }
        }
    }

    /// The model's activation returned (answered, or failed with its error message).
    func permissionAnswered() {
        lock.withLock { current.waitingForPermission = false }
    }

    static func apply(_ event: HeartRateModel.Event, to state: inout State) {
        switch event {
        case .enabledChanged(let enabled):
            state.recordEnabled = enabled
            state.label = enabled ? ready : notAuthorized
            state.labelIsError = false
        case .errorMessageChanged(let message?):
            state.label = message
            state.labelIsError = true
        case .errorMessageChanged(nil):
            break
        case .heartRateStored(let beatsPerMinute):
            state.label = stored(beatsPerMinute)
            state.labelIsError = false
        }
    }
}
