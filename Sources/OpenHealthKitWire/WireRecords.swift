import Foundation
public import OpenHealthKitModel
package import OpenHealthKitEngine

/// One audited call: `errorCode` is absent when it succeeded.
public struct WireAuditEntry: Codable, Sendable {
    /// The entry's id, increasing with time.
    public var id: Int64
    /// When the call was made.
    public var time: WireDate
    /// The bundle identifier of the app that made it.
    public var app: String
    /// The operation, e.g. `save`, `query.samples`, `grants.set`.
    public var operation: String
    /// The raw identifiers of the types it concerned.
    public var types: [String]
    /// How many samples it wrote or returned.
    public var sampleCount: Int
    /// `success` or `failure`.
    public var outcome: String
    /// The `HKError.Code` raw value of the failure; nil when it succeeded.
    public var errorCode: Int?
    /// The app the owner acted on (whose access changed, whose request was answered, whose credential was revoked),
    /// by bundle identifier; nil for other calls.
    public var subject: String?

    package init(_ entry: AuditEntry) {
        id = entry.id ?? 0
        time = WireDate(entry.time)
        app = entry.app
        operation = entry.operation
        types = entry.types
        sampleCount = entry.sampleCount
        outcome = entry.errorCode == nil ? "success" : "failure"
        errorCode = entry.errorCode
        subject = entry.subject
    }
}

/// `GET /v1/owner/audit`: audited calls, oldest first.
public struct WireAuditLog: Codable, Sendable {
    /// The entries.
    public var entries: [WireAuditEntry]
    /// Wraps the entries.
    public init(entries: [WireAuditEntry]) { self.entries = entries }
}

/// `POST /v1/background-delivery`: wake the app for changes to `type` at most once per `frequency`
/// (`immediate`, `hourly`, `daily`, `weekly`). Listed with `acknowledgedAnchor`, the anchor up to which the app
/// acknowledged the type's changes: the later ones it can see are pending.
public struct WireBackgroundDelivery: Codable, Sendable {
    /// The raw identifier of the type.
    public var type: String
    /// The `HKUpdateFrequency` case name: `immediate`, `hourly`, `daily` or `weekly`.
    public var frequency: String
    /// When listed: the anchor up to which the app acknowledged the type's changes; nil on input.
    public var acknowledgedAnchor: Int64?

    /// A request for background delivery of a type's changes.
    public init(type: String, frequency: HKUpdateFrequency, acknowledgedAnchor: Int64? = nil) {
        self.type = type
        self.frequency = "\(frequency)"
        self.acknowledgedAnchor = acknowledgedAnchor
    }

    /// The frequency; an unknown name is an invalid argument.
    public var updateFrequency: HKUpdateFrequency {
        get throws {
            guard let frequency = HKUpdateFrequency.allCases.first(where: { "\($0)" == frequency }) else {
                throw HKError.invalidArgument(
                    "\(frequency) is not an update frequency: use immediate, hourly, daily or weekly")
            }
            return frequency
        }
    }
}

/// `GET /v1/background-delivery`: the app's requests, and the loopback URL healthd posts wake-ups to, if any.
public struct WireBackgroundDeliveries: Codable, Sendable {
    /// The app's background delivery requests.
    public var deliveries: [WireBackgroundDelivery]
    /// The loopback URL healthd posts wake-ups to; nil when none is set.
    public var callback: String?

    /// The app's requests and callback.
    public init(deliveries: [WireBackgroundDelivery], callback: String? = nil) {
        self.deliveries = deliveries
        self.callback = callback
    }
}

/// `POST /v1/background-delivery/acknowledge`: the app processed these types' changes up to `anchor` (an observer
/// query's completion handler ran). Until then they stay pending and are delivered again.
public struct WireBackgroundDeliveryAcknowledgement: Codable, Sendable {
    /// The raw identifiers of the types whose changes were processed.
    public var types: [String]
    /// The anchor up to which they were processed.
    public var anchor: Int64

    /// An acknowledgement of these types' changes up to `anchor`.
    public init(types: [String], anchor: Int64) {
        self.types = types
        self.anchor = anchor
    }
}

/// `PUT /v1/background-delivery/callback`: where healthd posts a wake-up when a type with background delivery
/// changed while the app has no change stream open: `http` on a loopback address (`127.0.0.0/8`, `::1`,
/// `localhost`) only.
public struct WireBackgroundDeliveryCallback: Codable, Sendable {
    /// The callback URL, `http` on a loopback address.
    public var url: String

    /// A callback at this URL.
    public init(url: String) {
        self.url = url
    }
}

/// What healthd posts to an app's callback: the types with changes pending for it, up to `anchor`. The app reads
/// them with its observer and anchored queries, whose completion handlers acknowledge them.
public struct WireBackgroundWake: Codable, Sendable, Equatable {
    /// The bundle identifier of the app woken.
    public var app: String
    /// The raw identifiers of the types with pending changes.
    public var types: [String]
    /// The anchor up to which changes are pending.
    public var anchor: Int64

    /// A wake-up for an app.
    public init(app: String, types: [String], anchor: Int64) {
        self.app = app
        self.types = types
        self.anchor = anchor
    }
}

/// One event of the change stream (`GET /v1/changes/stream`), its SSE `id` being `anchor`: the store changed up
/// to `anchor` for these types (or the app's permissions for them changed). Read the changes with an anchored query.
public struct WireChangeEvent: Codable, Sendable, Equatable {
    /// The anchor after the change; the event's SSE `id`.
    public var anchor: Int64
    /// The raw identifiers of the types that changed.
    public var types: [String]

    /// An event for a change up to `anchor`.
    public init(anchor: Int64, types: [String]) {
        self.anchor = anchor
        self.types = types
    }
}
