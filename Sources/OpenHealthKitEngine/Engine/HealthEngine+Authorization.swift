import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// The share status of `type` for the app: HealthKit reveals writing decisions only.
    package func authorizationStatus(for type: HKObjectType, app: AppManifest) async throws -> HKAuthorizationStatus {
        try await storageCall { try await grants.grant(app: app.bundleIdentifier, type: type.identifier).share }
    }

    /// Whether asking would show the user a sheet: `shouldRequest` while any requested type is undecided.
    package func requestStatus(
        app: AppManifest, share: Set<HKSampleType>, read: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus {
        try app.checkProvisioning()
        let pending = try await undecided(app: app, share: share, read: read)
        return pending.share.isEmpty && pending.read.isEmpty ? .unnecessary : .shouldRequest
    }

    /// Checks a request the way HealthKit does before showing anything (provisioning, shareable types, usage
    /// descriptions), then asks `answerer` about the undecided types and records the answer.
    package func requestAuthorization(
        app: AppManifest, share: Set<HKSampleType>, read: Set<HKObjectType>, answerer: (any AuthorizationAnswerer)?
    ) async throws {
        try checkRequest(app: app, share: share, read: read)
        let pending = try await undecided(app: app, share: share, read: read)
        if pending.share.isEmpty && pending.read.isEmpty { return }
        let answer = try await ask(
            AuthorizationRequest(app: app, toShare: pending.share, toRead: pending.read), answerer: answerer)
        try await record(answer, for: pending, app: app.bundleIdentifier)
    }

    /// Records the user's answer to a sheet no call is waiting for any more (healthd restarted since it was asked,
    /// or the app stopped waiting).
    package func record(_ answer: AuthorizationAnswer, to request: AuthorizationRequest) async throws {
        if let objects = request.objects {
            return try await recordObjectDecisions(answer, for: objects, app: request.app.bundleIdentifier)
        }
        try await record(answer, for: (request.toShare, request.toRead), app: request.app.bundleIdentifier)
    }

    /// `answerer`'s answer to `request`: `errorAuthorizationNotDetermined` when nobody can answer, the answerer's
    /// `HKError` as it is, `errorUserCanceled` for any other failure.
    func ask(_ request: AuthorizationRequest, answerer: (any AuthorizationAnswerer)?) async throws
        -> AuthorizationAnswer
    {
        guard let answerer else {
            throw HKError(
                .errorAuthorizationNotDetermined,
                "No one can answer the permission request: the store has no authorization answerer")
        }
        do {
            return try await answerer.answer(request)
        } catch let error as HKError {
            throw error
        } catch {
            throw HKError(.errorUserCanceled, "The permission request was not answered: \(error)")
        }
    }

    /// The checks HealthKit makes before any sheet: provisioning, then the request's shape.
    package func checkRequest(app: AppManifest, share: Set<HKSampleType>, read: Set<HKObjectType>) throws {
        try app.checkProvisioning()
        try checkRequestShape(app: app, share: share, read: read)
    }

    /// The request checks HealthKit raises exceptions for: types apps may not write (clinical records, dose events,
    /// correlations, Apple's own), types read one object at a time, missing usage descriptions.
    package func checkRequestShape(app: AppManifest, share: Set<HKSampleType>, read: Set<HKObjectType>) throws {
        let disallowed = share.filter { !$0.isShareable }.map(\.identifier).sorted()
        if !disallowed.isEmpty {
            throw HKError.invalidArgument(
                "Authorization to share the following types is disallowed: " + disallowed.joined(separator: ", "))
        }
        let perObject = read.filter { $0.requiresPerObjectAuthorization() }.map(\.identifier).sorted()
        if !perObject.isEmpty {
            throw HKError.invalidArgument(
                "The following types require per-object authorization (requestPerObjectReadAuthorization(for:predicate:)), not requestAuthorization: "
                    + perObject.joined(separator: ", "))
        }
        try app.checkUsageDescriptions(share: share.map(\.identifier), read: read.map(\.identifier))
    }

    private func undecided(
        app: AppManifest, share: Set<HKSampleType>, read: Set<HKObjectType>
    ) async throws -> (share: Set<HKSampleType>, read: Set<HKObjectType>) {
        let recorded = try await storageCall { try await grants.grants(app: app.bundleIdentifier) }
        return (
            share.filter { (recorded[$0.identifier]?.share ?? .notDetermined) == .notDetermined },
            read.filter { (recorded[$0.identifier]?.read ?? .notDetermined) == .notDetermined }
        )
    }

    private func record(
        _ answer: AuthorizationAnswer, for pending: (share: Set<HKSampleType>, read: Set<HKObjectType>), app: String
    ) async throws {
        var changed = try await storageCall { try await grants.grants(app: app) }
        for type in pending.share {
            changed[type.identifier, default: Grant()].share =
                answer.allowedToShare.contains(type) ? .sharingAuthorized : .sharingDenied
        }
        for type in pending.read {
            changed[type.identifier, default: Grant()].read =
                answer.allowedToRead.contains(type) ? .authorized : .denied
        }
        let touched = Set(pending.share.map(\.identifier)).union(pending.read.map(\.identifier))
        try await setGrants(changed.filter { touched.contains($0.key) }, app: app)
    }

    /// Records the user's decisions (the sheet's answer, or a change in Sources). Every read checks the grants, and
    /// running statistics of those types recompute at once (a `.grants` change), so a revoked read stops showing
    /// others' data immediately.
    package func setGrants(_ changed: [String: Grant], app: String) async throws {
        try await storageCall { try await grants.set(changed, app: app) }
        await publish(
            StoreChange(
                typeIdentifiers: Set(changed.keys), anchor: (try? storage.currentAnchor()) ?? 0, kind: .grants, app: app
            ))
    }

    /// Revokes every grant of an app, and forgets the objects it was allowed to read one by one: it is back to
    /// asking.
    package func revokeAll(app: String) async throws {
        let recorded = try await storageCall { try await grants.grants(app: app) }
        try await storageCall { try await objectGrants.removeAll(app: app) }
        try await setGrants(recorded.mapValues { _ in Grant(share: .sharingDenied, read: .denied) }, app: app)
        await publish(
            StoreChange(
                typeIdentifiers: Set(Self.perObjectTypes + [HKMedicationDoseEventTypeIdentifierMedicationDoseEvent]),
                anchor: (try? storage.currentAnchor()) ?? 0, kind: .grants, app: app))
    }

    /// The sources whose samples of `typeIdentifier` the principal may see: nil for all; an app without a read grant
    /// sees only what it saved itself, with no error (HealthKit never reveals a read denial). An unprovisioned app
    /// reads nothing: it gets HealthKit's provisioning error.
    package func visibleSources(for typeIdentifier: String, as principal: Principal) async throws -> Set<String>? {
        guard case .app(let app) = principal else { return nil }
        try app.checkProvisioning()
        let grant = try await storageCall { try await grants.grant(app: app.bundleIdentifier, type: typeIdentifier) }
        return grant.read == .authorized ? nil : [app.bundleIdentifier]
    }

    /// Saving needs the user's yes for the type: HealthKit's two errors otherwise.
    func checkShare(_ typeIdentifier: String, as principal: Principal) async throws {
        guard case .app(let app) = principal else { return }
        try app.checkProvisioning()
        switch try await storageCall({ try await grants.grant(app: app.bundleIdentifier, type: typeIdentifier).share })
        {
        case .sharingAuthorized: return
        case .notDetermined:
            throw HKError(.errorAuthorizationNotDetermined, "Authorization not determined for \(typeIdentifier)")
        case .sharingDenied: throw HKError(.errorAuthorizationDenied, "Not authorized to share \(typeIdentifier)")
        @unknown default: throw HKError(.errorAuthorizationDenied, "Not authorized to share \(typeIdentifier)")
        }
    }
}
