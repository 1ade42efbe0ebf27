package import Foundation
import OpenHealthKitModel

/// An app the owner registered with healthd: its manifest and its current credential. A credential is known by
/// its id; registering the app again issues a new one and the old one stops working.
package struct RegisteredApp: Sendable, Equatable {
    package var manifest: AppManifest
    package var registeredAt: Date
    /// The id of the one credential that is valid for the app.
    package var credentialID: String
    package var credentialIssuedAt: Date
    package var credentialExpiresAt: Date
    /// Set when the owner revoked the app: no credential works any more until it is registered again.
    package var revokedAt: Date?

    package init(
        manifest: AppManifest, registeredAt: Date, credentialID: String, credentialIssuedAt: Date,
        credentialExpiresAt: Date, revokedAt: Date? = nil
    ) {
        self.manifest = manifest
        self.registeredAt = registeredAt
        self.credentialID = credentialID
        self.credentialIssuedAt = credentialIssuedAt
        self.credentialExpiresAt = credentialExpiresAt
        self.revokedAt = revokedAt
    }

    package var bundleIdentifier: String { manifest.bundleIdentifier }
}
