package import OpenHealthKitModel

/// The user's decisions for one app and one type.
package struct Grant: Sendable, Equatable {
    /// Whether the user decided on reading, and how. Never revealed to the app.
    package enum Read: Int, Sendable {
        case notDetermined = 0, denied = 1, authorized = 2
    }

    package var share: HKAuthorizationStatus
    package var read: Read

    package init(share: HKAuthorizationStatus = .notDetermined, read: Read = .notDetermined) {
        self.share = share
        self.read = read
    }

    /// Stored as "share:read" raw values.
    package init?(stored: String) {
        let parts = stored.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, let share = HKAuthorizationStatus(rawValue: parts[0]),
            let read = Read(rawValue: parts[1])
        else {
            return nil
        }
        self.init(share: share, read: read)
    }

    package var stored: String { "\(share.rawValue):\(read.rawValue)" }
}
