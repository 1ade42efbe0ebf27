public import Foundation
public import OpenHealthKitModel

/// A permission request, or the types it asks about: raw type identifiers.
public struct WireAuthorizationRequest: Codable, Sendable {
    /// The raw identifiers of the types the app asks to write.
    public var toShare: [String]
    /// The raw identifiers of the types the app asks to read.
    public var toRead: [String]

    /// The request for these types, as `requestAuthorization(toShare:read:)` takes them.
    public init(toShare: Set<HKSampleType>, toRead: Set<HKObjectType>) {
        self.toShare = WireTypes.identifiers(toShare.map { $0 as HKObjectType })
        self.toRead = WireTypes.identifiers(toRead)
    }

    /// The types; an unknown identifier, or a shared type that is not a sample type, is an invalid argument.
    public func types() throws -> (share: Set<HKSampleType>, read: Set<HKObjectType>) {
        (try WireTypes.sampleTypes(toShare), try WireTypes.objectTypes(toRead))
    }
}

/// What `POST /v1/authorization/request` answers: `answered` (the user decided; `success` in HealthKit's sense)
/// or, when the owner has not answered within the wait, `pending` with the request's id: ask again to keep waiting.
public struct WireAuthorizationOutcome: Codable, Sendable {
    /// Whether the user has answered.
    public enum Status: String, Codable, Sendable {
        /// `answered`: the user decided. `pending`: the owner has not answered yet; ask again with
        /// ``WireAuthorizationOutcome/requestId``.
        case answered, pending
    }

    /// Whether the request was answered or is still pending.
    public var status: Status
    /// The pending request's id, to wait on again; nil when answered.
    public var requestId: UUID?

    /// An outcome with its status and, when pending, the request's id.
    public init(status: Status, requestId: UUID? = nil) {
        self.status = status
        self.requestId = requestId
    }
}

/// `HKAuthorizationRequestStatus` as its raw value and name.
public struct WireRequestStatus: Codable, Sendable {
    /// The `HKAuthorizationRequestStatus` raw value.
    public var requestStatus: Int
    /// The status's case name (`unknown`, `shouldRequest`, `unnecessary`).
    public var name: String

    /// The wire form of a request status.
    public init(_ status: HKAuthorizationRequestStatus) {
        requestStatus = status.rawValue
        name = "\(status)"
    }

    /// The request status; an unknown raw value reads as `unknown`.
    public var status: HKAuthorizationRequestStatus {
        HKAuthorizationRequestStatus(rawValue: requestStatus) ?? .unknown
    }
}

/// `HKAuthorizationStatus` of one type, as its raw value and name.
public struct WireAuthorizationStatus: Codable, Sendable {
    /// The type's raw identifier.
    public var type: String
    /// The `HKAuthorizationStatus` raw value.
    public var status: Int
    /// The status's case name (`notDetermined`, `sharingDenied`, `sharingAuthorized`).
    public var name: String

    /// The wire form of a type's sharing status.
    public init(type: String, status: HKAuthorizationStatus) {
        self.type = type
        self.status = status.rawValue
        name = "\(status)"
    }

    /// The status; an unknown raw value reads as `notDetermined`.
    public var authorizationStatus: HKAuthorizationStatus { HKAuthorizationStatus(rawValue: status) ?? .notDetermined }
}

/// A request waiting for the owner, as the owner's routes list it.
public struct WirePendingRequest: Codable, Sendable {
    /// The request's id.
    public var id: UUID
    /// The app that asks.
    public var app: WireAppSummary
    /// The raw identifiers of the types it asks to write.
    public var toShare: [String]
    /// The raw identifiers of the types it asks to read.
    public var toRead: [String]
    /// When the app asked.
    public var createdAt: WireDate
    /// For a request about single objects, the objects; nil for a request about types.
    public var objects: WireObjectReadRequest?

    /// A pending request as the owner's routes list it.
    public init(
        id: UUID, app: WireAppSummary, toShare: [String], toRead: [String], createdAt: Date,
        objects: WireObjectReadRequest? = nil
    ) {
        self.id = id
        self.app = app
        self.toShare = toShare
        self.toRead = toRead
        self.createdAt = WireDate(createdAt)
        self.objects = objects
    }
}

/// `GET /v1/owner/requests`: the requests waiting for the owner.
public struct WirePendingRequests: Codable, Sendable {
    /// The requests, oldest first.
    public var requests: [WirePendingRequest]
    /// Wraps the requests.
    public init(requests: [WirePendingRequest]) { self.requests = requests }
}

/// The owner's answer to a pending request: every type switched on. The other requested types are denied.
public struct WireAuthorizationAnswer: Codable, Sendable {
    /// The raw identifiers of the types the app may write.
    public var allowedToShare: [String]
    /// The raw identifiers of the types the app may read.
    public var allowedToRead: [String]
    /// For a request about single objects, the keys of those the app may read.
    public var allowedObjects: [String]?

    /// An answer allowing these types and objects.
    public init(allowedToShare: [String], allowedToRead: [String], allowedObjects: [String]? = nil) {
        self.allowedToShare = allowedToShare
        self.allowedToRead = allowedToRead
        self.allowedObjects = allowedObjects
    }
}
