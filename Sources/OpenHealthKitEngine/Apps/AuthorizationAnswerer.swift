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
    /// For a request about single objects (`requestPerObjectReadAuthorization`, or the documents an `HKDocumentQuery`
    /// would return), the objects to choose from; nil for a request about types.
    public let objects: ObjectReadRequest?

    package init(
        app: AppManifest, toShare: Set<HKSampleType>, toRead: Set<HKObjectType>, objects: ObjectReadRequest? = nil
    ) {
        self.app = app
        self.toShare = toShare
        self.toRead = toRead
        self.objects = objects
    }
}

/// A request to read single objects of a type: the user picks which of them the app may read (all are off until
/// turned on, except those the user allowed before).
public struct ObjectReadRequest: Sendable {
    /// One object to decide about.
    public struct Candidate: Sendable, Hashable {
        /// The object's key: its UUID, or a medication's concept code.
        public let key: String
        /// What the user sees: the prescription's kind and dates, the medication's name, the document's title.
        public let label: String
        /// Whether the user allowed it before.
        public let allowedBefore: Bool

        package init(key: String, label: String, allowedBefore: Bool) {
            self.key = key
            self.label = label
            self.allowedBefore = allowedBefore
        }
    }

    /// The type of the objects (vision prescriptions, medications, CDA documents).
    public let type: HKObjectType
    /// The objects to decide about.
    public let candidates: [Candidate]

    package init(type: HKObjectType, candidates: [Candidate]) {
        self.type = type
        self.candidates = candidates
    }
}

/// The user's answer to a permission sheet: each type they switched on. Every other requested type is denied.
public struct AuthorizationAnswer: Sendable {
    /// The requested types the user lets the app write.
    public var allowedToShare: Set<HKSampleType>
    /// The requested types the user lets the app read.
    public var allowedToRead: Set<HKObjectType>
    /// For a request about single objects, the keys of those the user lets the app read (``ObjectReadRequest``).
    public var allowedObjects: Set<String>

    /// An answer allowing these types and objects.
    public init(
        allowedToShare: Set<HKSampleType> = [], allowedToRead: Set<HKObjectType> = [], allowedObjects: Set<String> = []
    ) {
        self.allowedToShare = allowedToShare
        self.allowedToRead = allowedToRead
        self.allowedObjects = allowedObjects
    }

    /// "Allow" with every switch on.
    public static func allowAll(_ request: AuthorizationRequest) -> AuthorizationAnswer {
        AuthorizationAnswer(
            allowedToShare: request.toShare, allowedToRead: request.toRead,
            allowedObjects: Set(request.objects?.candidates.map(\.key) ?? []))
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
