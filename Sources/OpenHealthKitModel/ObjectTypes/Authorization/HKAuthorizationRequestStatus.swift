/// Whether asking for authorization to a set of types would show the user a prompt.
public enum HKAuthorizationRequestStatus: Int, Sendable, CaseIterable {
    /// The status could not be determined.
    case unknown = 0
    /// Some of the types have not been asked about yet: a request would prompt the user.
    case shouldRequest = 1
    /// Every type has been asked about: a request would not prompt.
    case unnecessary = 2
}
