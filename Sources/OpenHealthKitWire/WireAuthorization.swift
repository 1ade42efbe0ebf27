public import Foundation
public import OpenHealthKitModel

/// A permission request, or the types it asks about: raw type identifiers.
public struct WireAuthorizationRequest: Codable, Sendable {
    public var toShare: [String]
    public var toRead: [String]

    public init(toShare: Set<HKSampleType>, toRead: Set<HKObjectType>) {
        self.toShare = WireTypes.identifiers(toShare.map { $0 as HKObjectType })
        self.toRead = WireTypes.identifiers(toRead)
    }

    public func types() throws -> (share: Set<HKSampleType>, read: Set<HKObjectType>) {
        (try WireTypes.sampleTypes(toShare), try WireTypes.objectTypes(toRead))
    }
}

/// What `POST /v1/authorization/request` answers: `answered` (the user decided; `success` in HealthKit's sense)
/// or, when the owner has not answered within the wait, `pending` with the request's id: ask again to keep waiting.
public struct WireAuthorizationOutcome: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        case answered, pending
    }

    public var status: Status
    public var requestId: UUID?

    public init(status: Status, requestId: UUID? = nil) {
        self.status = status
        self.requestId = requestId
    }
}

/// `HKAuthorizationRequestStatus` as its raw value and name.
public struct WireRequestStatus: Codable, Sendable {
    public var requestStatus: Int
    public var name: String

    public init(_ status: HKAuthorizationRequestStatus) {
        requestStatus = status.rawValue
        name = "\(status)"
    }

    public var status: HKAuthorizationRequestStatus { HKAuthorizationRequestStatus(rawValue: requestStatus) ?? .unknown }
}

/// `HKAuthorizationStatus` of one type, as its raw value and name.
public struct WireAuthorizationStatus: Codable, Sendable {
    public var type: String
    public var status: Int
    public var name: String

    public init(type: String, status: HKAuthorizationStatus) {
        self.type = type
        self.status = status.rawValue
        name = "\(status)"
    }

    public var authorizationStatus: HKAuthorizationStatus { HKAuthorizationStatus(rawValue: status) ?? .notDetermined }
}

/// A request waiting for the owner, as the owner's routes list it.
public struct WirePendingRequest: Codable, Sendable {
    public var id: UUID
    public var app: WireAppSummary
    public var toShare: [String]
    public var toRead: [String]
    public var createdAt: WireDate

    public init(id: UUID, app: WireAppSummary, toShare: [String], toRead: [String], createdAt: Date) {
        self.id = id
        self.app = app
        self.toShare = toShare
        self.toRead = toRead
        self.createdAt = WireDate(createdAt)
    }
}

public struct WirePendingRequests: Codable, Sendable {
    public var requests: [WirePendingRequest]
    public init(requests: [WirePendingRequest]) { self.requests = requests }
}

/// The owner's answer to a pending request: every type switched on. The other requested types are denied.
public struct WireAuthorizationAnswer: Codable, Sendable {
    public var allowedToShare: [String]
    public var allowedToRead: [String]

    public init(allowedToShare: [String], allowedToRead: [String]) {
        self.allowedToShare = allowedToShare
        self.allowedToRead = allowedToRead
    }
}
