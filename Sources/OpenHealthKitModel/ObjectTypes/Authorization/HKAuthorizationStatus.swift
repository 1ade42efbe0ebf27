/// Whether the user let an app share (write) a type. The read decision is never revealed.
public enum HKAuthorizationStatus: Int, Sendable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined = 0
    case sharingDenied = 1
    case sharingAuthorized = 2
}
