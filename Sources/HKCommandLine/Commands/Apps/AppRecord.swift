import Foundation
import OpenHealthKitWire

/// A registered app as `hk apps list` prints it.
struct AppRecord: OutputRecord {
    let bundleIdentifier: String
    let name: String
    let version: String
    /// `active`, `revoked`, or `expired` (its credential's lifetime is over).
    let status: String
    let registeredAt: String
    /// When its credential stops working.
    let expiresAt: String
    let revokedAt: String?
    /// Whether it has the `com.apple.developer.healthkit.background-delivery` entitlement.
    let backgroundDelivery: Bool

    static let columns = [
        "bundleIdentifier", "name", "version", "status", "registeredAt", "expiresAt", "revokedAt", "backgroundDelivery",
    ]

    init(_ registered: WireRegisteredApp, timeZone: TimeZone, now: Date = Date()) {
        bundleIdentifier = registered.app.bundleIdentifier
        name = registered.app.name
        version = registered.app.version
        status =
            registered.revokedAt != nil ? "revoked" : registered.credentialExpiresAt.date <= now ? "expired" : "active"
        registeredAt = registered.registeredAt.date.formattedForOutput(in: timeZone)
        expiresAt = registered.credentialExpiresAt.date.formattedForOutput(in: timeZone)
        revokedAt = registered.revokedAt?.date.formattedForOutput(in: timeZone)
        backgroundDelivery = registered.app.backgroundDeliveryEntitlement
    }

    var cells: [String] {
        [bundleIdentifier, name, version, status, registeredAt, expiresAt, revokedAt ?? "", String(backgroundDelivery)]
    }
}
