import Foundation
import OpenHealthKitModel
public import OpenHealthKitEngine

/// `POST /v1/owner/apps`: an app's Info.plist and Entitlements.plist, as XML text (`infoPlist`, `entitlements`)
/// or base64 (`infoPlistBase64`, `entitlementsBase64`, for binary property lists), and how long its credential
/// is valid (seconds; default one year).
public struct WireAppRegistration: Codable, Sendable {
    /// The Info.plist as XML text; nil when sent as ``infoPlistBase64``.
    public var infoPlist: String?
    /// The Entitlements.plist as XML text; nil when sent as ``entitlementsBase64``.
    public var entitlements: String?
    /// The Info.plist as base64 (for a binary property list); nil when sent as ``infoPlist``.
    public var infoPlistBase64: String?
    /// The Entitlements.plist as base64 (for a binary property list); nil when sent as ``entitlements``.
    public var entitlementsBase64: String?
    /// How long the issued credential is valid, in seconds; nil for one year.
    public var credentialLifetime: Double?

    /// A registration with both property lists as XML text.
    public init(infoPlist: String, entitlements: String, credentialLifetime: Double? = nil) {
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        self.credentialLifetime = credentialLifetime
    }

    /// The manifest the two property lists describe (not yet checked against the provisioning rules).
    public func manifest() throws -> AppManifest {
        try AppManifest(
            infoPlistContents: try Self.contents(text: infoPlist, base64: infoPlistBase64, name: "infoPlist"),
            entitlementsContents: try Self.contents(
                text: entitlements, base64: entitlementsBase64, name: "entitlements"))
    }

    private static func contents(text: String?, base64: String?, name: String) throws -> Data {
        switch (text, base64) {
        case (let text?, nil): return Data(text.utf8)
        case (nil, let base64?):
            guard let data = Data(base64Encoded: base64) else {
                throw HKError.invalidArgument("\(name)Base64 is not base64")
            }
            return data
        default: throw HKError.invalidArgument("Give either \(name) or \(name)Base64")
        }
    }
}

/// Who an app is, as the owner's pages show it.
public struct WireAppSummary: Codable, Sendable {
    /// The app's bundle identifier (`CFBundleIdentifier`).
    public var bundleIdentifier: String
    /// The app's display name.
    public var name: String
    /// The app's version (`CFBundleShortVersionString`).
    public var version: String
    /// Why the app reads health data (`NSHealthShareUsageDescription`), shown when it asks for permission.
    public var shareUsageDescription: String?
    /// Why the app writes health data (`NSHealthUpdateUsageDescription`), shown when it asks for permission.
    public var updateUsageDescription: String?
    /// Whether the app has the `com.apple.developer.healthkit.background-delivery` entitlement.
    public var backgroundDeliveryEntitlement: Bool

    /// The summary of a registered app's manifest.
    public init(_ manifest: AppManifest) {
        bundleIdentifier = manifest.bundleIdentifier
        name = manifest.name
        version = manifest.version
        shareUsageDescription = manifest.shareUsageDescription
        updateUsageDescription = manifest.updateUsageDescription
        backgroundDeliveryEntitlement = manifest.hasBackgroundDeliveryEntitlement
    }
}

/// A registered app and the state of its credential.
public struct WireRegisteredApp: Codable, Sendable {
    /// The app.
    public var app: WireAppSummary
    /// When the app was first registered.
    public var registeredAt: WireDate
    /// When its current credential was issued.
    public var credentialIssuedAt: WireDate
    /// When its current credential stops being accepted.
    public var credentialExpiresAt: WireDate
    /// When the owner revoked the app; nil while it is active.
    public var revokedAt: WireDate?

    package init(_ registered: RegisteredApp) {
        app = WireAppSummary(registered.manifest)
        registeredAt = WireDate(registered.registeredAt)
        credentialIssuedAt = WireDate(registered.credentialIssuedAt)
        credentialExpiresAt = WireDate(registered.credentialExpiresAt)
        revokedAt = registered.revokedAt.map(WireDate.init)
    }
}

/// `GET /v1/owner/apps`: every registered app.
public struct WireRegisteredApps: Codable, Sendable {
    /// The apps.
    public var apps: [WireRegisteredApp]
    /// Wraps the apps.
    public init(apps: [WireRegisteredApp]) { self.apps = apps }
}

/// The answer to a registration: the app and its credential, shown this once (healthd keeps only its id).
public struct WireIssuedCredential: Codable, Sendable {
    /// The app as registered.
    public var registration: WireRegisteredApp
    /// The app's bearer credential, in the clear: healthd cannot show it again.
    public var credential: String

    /// The answer to a registration.
    public init(registration: WireRegisteredApp, credential: String) {
        self.registration = registration
        self.credential = credential
    }
}

/// The user's decisions for one app and type: `share` is an `HKAuthorizationStatus` name (`notDetermined`,
/// `sharingDenied`, `sharingAuthorized`), `read` one of `notDetermined`, `denied`, `authorized`.
public struct WireGrant: Codable, Sendable, Equatable {
    /// The share decision: an `HKAuthorizationStatus` case name.
    public var share: String
    /// The read decision: `notDetermined`, `denied` or `authorized`.
    public var read: String

    package init(_ grant: Grant) {
        share = "\(grant.share)"
        read = "\(grant.read)"
    }

    package var grant: Grant {
        get throws {
            guard let share = HKAuthorizationStatus.allCases.first(where: { "\($0)" == share }) else {
                throw HKError.invalidArgument(
                    "\(share) is not a share status: use notDetermined, sharingDenied or sharingAuthorized")
            }
            guard let read = [Grant.Read.notDetermined, .denied, .authorized].first(where: { "\($0)" == read }) else {
                throw HKError.invalidArgument("\(read) is not a read decision: use notDetermined, denied or authorized")
            }
            return Grant(share: share, read: read)
        }
    }
}

/// `GET`/`PUT /v1/owner/apps/{bundleIdentifier}/grants`: decisions by type identifier.
public struct WireGrants: Codable, Sendable {
    /// The decisions, keyed by raw type identifier.
    public var grants: [String: WireGrant]
    /// Wraps the decisions.
    public init(grants: [String: WireGrant]) { self.grants = grants }
}
