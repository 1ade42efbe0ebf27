import Foundation
import HealthWeb
import OpenHealthKitEngine
import OpenHealthKitModel

/// Health's sharing between people (docs/FHIR.md, "Sharing between people"): the shares are rows of the database that
/// every healthd on it reads when asked, so that a share ended through one healthd ends at once on all of them.
extension DaemonWebHost {
    var sharesWithPeople: Bool { user.personShares != nil }

    func personShares() async throws -> (given: [PersonShareSummary], received: [PersonShareSummary]) {
        guard let shares = user.personShares else { return ([], []) }
        return try await offload {
            (
                try shares.sharesGiven().map { Self.summary($0, person: $0.recipientName) },
                try shares.sharesReceived().map { Self.summary($0, person: $0.ownerName) }
            )
        }
    }

    func share(withPersonNamed name: String, categories: [String]) async throws -> PersonShareSummary {
        let shares = try available()
        do {
            let share = try await offload { try shares.share(withUserNamed: name, categories: categories, at: Date()) }
            return Self.summary(share, person: share.recipientName)
        } catch let refusal as PersonShareError {
            throw HKError(.errorInvalidArgument, refusal.description)
        }
    }

    func stopSharing(withPersonNamed name: String) async throws -> Bool {
        let shares = try available()
        return try await offload {
            guard let share = try shares.sharesGiven().first(where: { $0.recipientName == name }) else { return false }
            return try shares.stopSharing(with: share.recipient)
        }
    }

    func leaveShare(ofPersonNamed name: String) async throws -> Bool {
        let shares = try available()
        return try await offload {
            guard let share = try shares.shareReceived(fromUserNamed: name) else { return false }
            return try shares.leaveShare(from: share.owner)
        }
    }

    func sharedData(ofPersonNamed name: String) async throws -> SharedPersonData? {
        guard let shares = user.personShares,
            let share = try await offload({ try shares.shareReceived(fromUserNamed: name) }),
            let owner = try await daemon.users.state(for: share.owner)
        else { return nil }
        let reader = "shared:" + share.recipientName
        return SharedPersonData(
            share: Self.summary(share, person: share.ownerName), store: OwnerWebStore(engine: owner.engine),
            audit: { types, count in
                await owner.auditor.record(reader, "shared.read", types: types, count: count, errorCode: nil)
            })
    }

    /// The user's shares, or `errorInvalidArgument` on a store of one person.
    private func available() throws -> any PersonShareStorage {
        guard let shares = user.personShares else {
            throw HKError(.errorInvalidArgument, "Sharing with people needs a server that several people use.")
        }
        return shares
    }

    private static func summary(_ share: PersonShare, person: String) -> PersonShareSummary {
        PersonShareSummary(person: person, categories: share.categories, since: share.since)
    }
}
