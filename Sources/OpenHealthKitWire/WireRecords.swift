import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine

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
/// (`immediate`, `hourly`, `daily`, `weekly`).
public struct WireBackgroundDelivery: Codable, Sendable {
    public var type: String
    public var frequency: String

    public init(type: String, frequency: HKUpdateFrequency) {
        self.type = type
        self.frequency = "\(frequency)"
    }

    package init(_ delivery: BackgroundDelivery) {
        self.init(type: delivery.typeIdentifier, frequency: delivery.frequency)
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

public struct WireBackgroundDeliveries: Codable, Sendable {
    public var deliveries: [WireBackgroundDelivery]
    public init(deliveries: [WireBackgroundDelivery]) { self.deliveries = deliveries }
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
