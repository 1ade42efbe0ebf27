import Foundation
import Hummingbird
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// The owner's provisioning routes: register an app from its property lists (issuing its credential), list
/// apps, revoke one, and see or change its grants.
struct OwnerAppRoutes {
    let bodies: BodyReader
    let configuration: DaemonConfiguration
    let authority: CredentialAuthority
    let logger: Logger

    func add(to router: RouterGroup<OwnerContext>) {
        router.on(WireRoutes.registerApp) { [self] request, context in
            let user = try context.caller
            let body = try await bodies.decode(WireAppRegistration.self, from: request)
            let lifetime = body.credentialLifetime ?? configuration.defaultCredentialLifetime
            guard lifetime.isFinite, lifetime > 0, lifetime <= DaemonConfiguration.maximumCredentialLifetime else {
                throw APIError.badRequest(
                    "credentialLifetime must be a positive number of seconds, at most 10 years (315,360,000)")
            }
            let registered: RegisteredApp
            let credential: String
            do {
                let manifest = try body.manifest()
                let issued = authority.issue(
                    app: manifest.bundleIdentifier, user: user.id, issuedAt: Date(), lifetime: lifetime)
                registered = RegisteredApp(
                    manifest: manifest,
                    registeredAt: user.registry.app(manifest.bundleIdentifier)?.registeredAt ?? Date(),
                    credentialID: issued.claims.jti, credentialIssuedAt: Date(timeIntervalSince1970: issued.claims.iat),
                    credentialExpiresAt: Date(timeIntervalSince1970: issued.claims.exp))
                try await offload { [user, registered] in try user.registry.register(registered) }
                credential = issued.credential
            } catch let error as HKError {
                // The owner may register apps; this manifest is what HealthKit would refuse.
                throw APIError(.unprocessableContent, error)
            }
            // A stream opened with the previous credential ends.
            user.streams.close(app: registered.bundleIdentifier)
            logger.info("registered \(registered.bundleIdentifier)")
            return JSONResponses.response(
                WireIssuedCredential(registration: WireRegisteredApp(registered), credential: credential),
                status: .created)
        }

        router.on(WireRoutes.ownerApps) { [self] request, context in
            let user = try context.caller
            return JSONResponses.response(WireRegisteredApps(apps: user.registry.apps().map(WireRegisteredApp.init)))
        }

        router.on(WireRoutes.ownerApp) { [self] request, context in
            let user = try context.caller
            return JSONResponses.response(WireRegisteredApp(try await registeredApp(context, of: user)))
        }

        // Revokes the app (see `UserState.revokeApp`).
        router.on(WireRoutes.revokeApp) { [self] request, context in
            let user = try context.caller
            let bundleIdentifier = try await registeredApp(context, of: user).bundleIdentifier
            guard let revoked = try await user.revokeApp(bundleIdentifier) else {
                throw Self.unknownApp(bundleIdentifier)
            }
            await user.auditor.record(
                AuditEntry.owner, "app.revoke", types: [], count: 0, errorCode: nil, subject: bundleIdentifier)
            return JSONResponses.response(WireRegisteredApp(revoked))
        }

        router.on(WireRoutes.appGrants) { [self] request, context in
            let user = try context.caller
            let bundleIdentifier = try appParameter(context)
            let grants = try await offload { [user] in try await user.engine.grants.grants(app: bundleIdentifier) }
            return JSONResponses.response(WireGrants(grants: grants.mapValues(WireGrant.init)))
        }

        // Changes decisions, as the Health app's Sources page does; types not listed keep theirs.
        router.on(WireRoutes.setAppGrants) { [self] request, context in
            let user = try context.caller
            let bundleIdentifier = try appParameter(context)
            let body = try await bodies.decode(WireGrants.self, from: request)
            var changed: [String: Grant] = [:]
            for (name, grant) in body.grants { changed[try WireTypes.objectType(name).identifier] = try grant.grant }
            let grants = try await offload { [user, changed] in
                try await user.engine.setGrants(changed, app: bundleIdentifier)
                return try await user.engine.grants.grants(app: bundleIdentifier)
            }
            await user.auditor.recordGrantChanges(changed, app: bundleIdentifier)
            return JSONResponses.response(WireGrants(grants: grants.mapValues(WireGrant.init)))
        }

        // Denies every type the app was asked about: its queries see only its own samples from now on.
        router.on(WireRoutes.revokeAppGrants) { [self] request, context in
            let user = try context.caller
            let bundleIdentifier = try appParameter(context)
            let grants = try await offload { [user] in
                try await user.engine.revokeAll(app: bundleIdentifier)
                return try await user.engine.grants.grants(app: bundleIdentifier)
            }
            await user.auditor.record(
                AuditEntry.owner, "grants.revokeAll", types: Array(grants.keys), count: 0, errorCode: nil,
                subject: bundleIdentifier)
            return JSONResponses.response(WireGrants(grants: grants.mapValues(WireGrant.init)))
        }
    }

    private func appParameter(_ context: OwnerContext) throws -> String {
        guard let bundleIdentifier = context.parameters.get("bundleIdentifier"), !bundleIdentifier.isEmpty else {
            throw APIError.badRequest("Give the app's bundle identifier")
        }
        return bundleIdentifier
    }

    /// The app the route names, read again from the shared records when several healthd serve the database (see
    /// `UserState.refreshApp`).
    private func registeredApp(_ context: OwnerContext, of user: UserState) async throws -> RegisteredApp {
        let bundleIdentifier = try appParameter(context)
        guard let app = try await user.refreshApp(bundleIdentifier) else {
            throw Self.unknownApp(bundleIdentifier)
        }
        return app
    }

    private static func unknownApp(_ bundleIdentifier: String) -> APIError {
        APIError(.notFound, HKError(.errorNoData, "No app \(bundleIdentifier) is registered"))
    }
}
