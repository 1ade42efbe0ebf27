import Foundation
public import OpenHealthKitModel
package import OpenHealthKitEngine

/// One audited call: `errorCode` is absent when it succeeded.
public struct WireAuditEntry: Codable, Sendable {
    public var id: Int64
    public var time: WireDate
    public var app: String
    public var operation: String
    public var types: [String]
    public var sampleCount: Int
    public var outcome: String
    public var errorCode: Int?

    package init(_ entry: AuditEntry) {
        id = entry.id ?? 0
        time = WireDate(entry.time)
        app = entry.app
        operation = entry.operation
        types = entry.types
        sampleCount = entry.sampleCount
        outcome = entry.errorCode == nil ? "success" : "failure"
        errorCode = entry.errorCode
    }
}

public struct WireAuditLog: Codable, Sendable {
    public var entries: [WireAuditEntry]
    public init(entries: [WireAuditEntry]) { self.entries = entries }
}

/// `POST /v1/background-delivery`: wake the app for changes to `type` at most once per `frequency`
/// (`immediate`, `hourly`, `daily`, `weekly`). Listed with `acknowledgedAnchor`, the anchor up to which the app
/// acknowledged the type's changes: the later ones it can see are pending.
public struct WireBackgroundDelivery: Codable, Sendable {
    public var type: String
    public var frequency: String
    public var acknowledgedAnchor: Int64?

    public init(type: String, frequency: HKUpdateFrequency, acknowledgedAnchor: Int64? = nil) {
        self.type = type
        self.frequency = "\(frequency)"
        self.acknowledgedAnchor = acknowledgedAnchor
    }

    public var updateFrequency: HKUpdateFrequency {
        get throws {
            guard let frequency = HKUpdateFrequency.allCases.first(where: { "\($0)" == frequency }) else {
                throw HKError.invalidArgument("\(frequency) is not an update frequency: use immediate, hourly, daily or weekly")
            }
            return frequency
        }
    }
}

/// `GET /v1/background-delivery`: the app's requests, and the loopback URL healthd posts wake-ups to, if any.
public struct WireBackgroundDeliveries: Codable, Sendable {
    public var deliveries: [WireBackgroundDelivery]
    public var callback: String?

    public init(deliveries: [WireBackgroundDelivery], callback: String? = nil) {
        self.deliveries = deliveries
        self.callback = callback
    }
}

/// `POST /v1/background-delivery/acknowledge`: the app processed these types' changes up to `anchor` (an observer
/// query's completion handler ran). Until then they stay pending and are delivered again.
public struct WireBackgroundDeliveryAcknowledgement: Codable, Sendable {
    public var types: [String]
    public var anchor: Int64

    public init(types: [String], anchor: Int64) {
        self.types = types
        self.anchor = anchor
    }
}

/// `PUT /v1/background-delivery/callback`: where healthd posts a wake-up when a type with background delivery
/// changed while the app has no change stream open: `http` on a loopback address (`127.0.0.0/8`, `::1`,
/// `localhost`) only.
public struct WireBackgroundDeliveryCallback: Codable, Sendable {
    public var url: String

    public init(url: String) {
        self.url = url
    }
}

/// What healthd posts to an app's callback: the types with changes pending for it, up to `anchor`. The app reads
/// them with its observer and anchored queries, whose completion handlers acknowledge them.
public struct WireBackgroundWake: Codable, Sendable, Equatable {
    public var app: String
    public var types: [String]
    public var anchor: Int64

    public init(app: String, types: [String], anchor: Int64) {
        self.app = app
        self.types = types
        self.anchor = anchor
    }
}

/// One event of the change stream (`GET /v1/changes/stream`), its SSE `id` being `anchor`: the store changed up
/// to `anchor` for these types (or the app's permissions for them changed). Read the changes with an anchored query.
public struct WireChangeEvent: Codable, Sendable, Equatable {
    public var anchor: Int64
    public var types: [String]

    public init(anchor: Int64, types: [String]) {
        self.anchor = anchor
        self.types = types
    }
}
