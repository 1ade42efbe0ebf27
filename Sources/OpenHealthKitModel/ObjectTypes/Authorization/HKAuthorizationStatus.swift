/// Whether the user let an app share (write) a type. The read decision is never revealed.
public enum HKAuthorizationStatus: Int, Sendable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined = 0
    /// The user did not let the app share the type, or has since revoked the permission.
    case sharingDenied = 1
    /// The user let the app share the type.
    case sharingAuthorized = 2
}
