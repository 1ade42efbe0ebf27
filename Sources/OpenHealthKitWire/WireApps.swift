import Foundation
import OpenHealthKitModel
public import OpenHealthKitEngine

/// `POST /v1/owner/apps`: an app's Info.plist and Entitlements.plist, as XML text (`infoPlist`, `entitlements`)
/// or base64 (`infoPlistBase64`, `entitlementsBase64`, for binary property lists), and how long its credential
/// is valid (seconds; default one year).
public struct WireAppRegistration: Codable, Sendable {
    public var infoPlist: String?
    public var entitlements: String?
    public var infoPlistBase64: String?
    public var entitlementsBase64: String?
    public var credentialLifetime: Double?

    public init(infoPlist: String, entitlements: String, credentialLifetime: Double? = nil) {
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        self.credentialLifetime = credentialLifetime
    }

    /// The manifest the two property lists describe (not yet checked against the provisioning rules).
    public func manifest() throws -> AppManifest {
        try AppManifest(
            infoPlistContents: try Self.contents(text: infoPlist, base64: infoPlistBase64, name: "infoPlist"),
            entitlementsContents: try Self.contents(text: entitlements, base64: entitlementsBase64, name: "entitlements"))
    }

    private static func contents(text: String?, base64: String?, name: String) throws -> Data {
        switch (text, base64) {
        case (let text?, nil): return Data(text.utf8)
        case (nil, let base64?):
            guard let data = Data(base64Encoded: base64) else { throw HKError.invalidArgument("\(name)Base64 is not base64") }
            return data
        default: throw HKError.invalidArgument("Give either \(name) or \(name)Base64")
        }
    }
}

/// Who an app is, as the owner's pages show it.
public struct WireAppSummary: Codable, Sendable {
    public var bundleIdentifier: String
    public var name: String
    public var version: String
    public var shareUsageDescription: String?
    public var updateUsageDescription: String?
    public var backgroundDeliveryEntitlement: Bool

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
    public var app: WireAppSummary
    public var registeredAt: WireDate
    public var credentialIssuedAt: WireDate
    public var credentialExpiresAt: WireDate
    public var revokedAt: WireDate?

    package init(_ registered: RegisteredApp) {
        app = WireAppSummary(registered.manifest)
        registeredAt = WireDate(registered.registeredAt)
        credentialIssuedAt = WireDate(registered.credentialIssuedAt)
        credentialExpiresAt = WireDate(registered.credentialExpiresAt)
        revokedAt = registered.revokedAt.map(WireDate.init)
    }
}

public struct WireRegisteredApps: Codable, Sendable {
    public var apps: [WireRegisteredApp]
    public init(apps: [WireRegisteredApp]) { self.apps = apps }
}

/// The answer to a registration: the app and its credential, shown this once (healthd keeps only its id).
public struct WireIssuedCredential: Codable, Sendable {
    public var registration: WireRegisteredApp
    public var credential: String

    public init(registration: WireRegisteredApp, credential: String) {
        self.registration = registration
        self.credential = credential
    }
}

/// The user's decisions for one app and type: `share` is an `HKAuthorizationStatus` name (`notDetermined`,
/// `sharingDenied`, `sharingAuthorized`), `read` one of `notDetermined`, `denied`, `authorized`.
public struct WireGrant: Codable, Sendable, Equatable {
    public var share: String
    public var read: String

    package init(_ grant: Grant) {
        share = "\(grant.share)"
        read = "\(grant.read)"
    }

    package var grant: Grant {
        get throws {
            guard let share = HKAuthorizationStatus.allCases.first(where: { "\($0)" == share }) else {
                throw HKError.invalidArgument("\(share) is not a share status: use notDetermined, sharingDenied or sharingAuthorized")
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
    public var grants: [String: WireGrant]
    public init(grants: [String: WireGrant]) { self.grants = grants }
}
