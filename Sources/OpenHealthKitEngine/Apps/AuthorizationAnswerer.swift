import Foundation
public import OpenHealthKitModel

/// A permission request as the user sees it: the app, its reasons, and the types it wants to write and to read.
public struct AuthorizationRequest: Sendable {
    /// The app that asks.
    public let app: AppManifest
    /// The types to write whose decision is not yet made.
    public let toShare: Set<HKSampleType>
    /// The types to read whose decision is not yet made.
    public let toRead: Set<HKObjectType>

    package init(app: AppManifest, toShare: Set<HKSampleType>, toRead: Set<HKObjectType>) {
        self.app = app
        self.toShare = toShare
        self.toRead = toRead
    }
}

/// The user's answer to a permission sheet: each type they switched on. Every other requested type is denied.
public struct AuthorizationAnswer: Sendable {
    /// The requested types the user lets the app write.
    public var allowedToShare: Set<HKSampleType>
    /// The requested types the user lets the app read.
    public var allowedToRead: Set<HKObjectType>

    /// An answer allowing these types.
    public init(allowedToShare: Set<HKSampleType> = [], allowedToRead: Set<HKObjectType> = []) {
        self.allowedToShare = allowedToShare
        self.allowedToRead = allowedToRead
    }

    /// "Allow" with every switch on.
    public static func allowAll(_ request: AuthorizationRequest) -> AuthorizationAnswer {
        AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: request.toRead)
    }

    /// "Don't Allow".
    public static let denyAll = AuthorizationAnswer()
}

/// The user, as far as a store is concerned: whoever answers permission sheets.
///
/// In-process hosts supply one (a test scripts its answers; `hk` asks on the terminal); healthd routes requests
/// to the Health web app. Throwing ``HKError`` `errorUserCanceled` leaves the request unanswered.
public protocol AuthorizationAnswerer: Sendable {
    /// The user's answer to `request`; throwing ``HKError`` `errorUserCanceled` leaves it unanswered.
    func answer(_ request: AuthorizationRequest) async throws -> AuthorizationAnswer
}

/// An answerer that answers every request with a fixed rule: for tests and trusted tools.
public struct RuleAnswerer: AuthorizationAnswerer {
    private let rule: @Sendable (AuthorizationRequest) -> AuthorizationAnswer

    /// An answerer that answers every request with `rule`.
    public init(_ rule: @escaping @Sendable (AuthorizationRequest) -> AuthorizationAnswer) {
        self.rule = rule
    }

    /// The answer `rule` gives.
    public func answer(_ request: AuthorizationRequest) async throws -> AuthorizationAnswer {
        rule(request)
    }
}
