import Foundation
import OpenHealthKit
import OpenHealthKitWire

/// A permission request waiting for the owner, as `hk auth pending` prints it.
struct PendingRequestRecord: OutputRecord {
    /// The request's id.
    let id: String
    /// The app's bundle identifier.
    let app: String
    /// The app's name.
    let name: String
    /// The types it asks to write, by short name.
    let toShare: [String]
    /// The types it asks to read, by short name.
    let toRead: [String]
    /// When it asked.
    let createdAt: String

    static let columns = ["id", "app", "name", "toShare", "toRead", "createdAt"]

    init(_ request: WirePendingRequest, timeZone: TimeZone) {
        id = request.id.uuidString
        app = request.app.bundleIdentifier
        name = request.app.name
        toShare = request.toShare.map(HKObjectType.shortName(forRawIdentifier:))
        toRead = request.toRead.map(HKObjectType.shortName(forRawIdentifier:))
        createdAt = request.createdAt.date.formattedForOutput(in: timeZone)
    }

    var cells: [String] {
        [id, app, name, toShare.joined(separator: " "), toRead.joined(separator: " "), createdAt]
    }
}
