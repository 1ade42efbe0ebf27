import Foundation
import Hummingbird
import OpenHealthKitExchange
import OpenHealthKitEngine

/// healthd's FHIR R4 API under ``base`` (docs/FHIR.md, "The API"): the CapabilityStatement and SMART's discovery
/// and token endpoint for anyone, reads, searches (``FHIRServer``) and bulk exports for the signed-in owner and for
/// the SMART apps they allowed (what their tokens' scopes grant). Every failure is an
/// `OperationOutcome` (``FHIROutcomes``), and every read and search is in the user's access log.
struct FHIRRoutes {
    /// The API's path: `[base]` in FHIR's terms is this on healthd's address.
    static let base = "/fhir/r4"
    let configuration: DaemonConfiguration
    let authenticator: Authenticator
    let smart: SMARTAuthorizationServer
    let users: UserStates

    func add(to router: Router<BasicRequestContext>) {
        let fhir = router.group(RouterPath(Self.base)).add(middleware: FHIROutcomes())
        fhir.get("metadata") { [self] request, _ in
            let base = Self.baseURL(of: request, configuration: configuration)
            let endpoints = SMARTRoutes.endpoints(base: base)
            return FHIRResponses.response(
                FHIRCapabilityStatement.json(
                    base: base, date: Date(), authorize: endpoints.authorize, token: endpoints.token))
        }
        SMARTRoutes(configuration: configuration, smart: smart, users: users).add(to: fhir)
        let readers = fhir.group(context: FHIRContext.self)
            .add(middleware: CallerAuthentication { [self] in try await reader($0) })
        BulkExportRoutes(configuration: configuration).add(to: readers)
        readers.get(":type") { [self] request, context in
            let caller = try context.caller
            let type = context.parameters.get("type") ?? ""
            let parameters = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let server = try Self.server(
                for: caller.user, base: Self.baseURL(of: request, configuration: configuration), access: caller.access)
            return FHIRResponses.response(
                try await audited(caller, "fhir.search", type) { try await server.search(type, parameters: parameters) }
            )
        }
        readers.get(":type/:id") { [self] request, context in
            let caller = try context.caller
            let type = context.parameters.get("type") ?? ""
            let id = context.parameters.get("id") ?? ""
            let server = try Self.server(
                for: caller.user, base: Self.baseURL(of: request, configuration: configuration), access: caller.access)
            return FHIRResponses.response(
                try await audited(caller, "fhir.read", type) { try await server.read(type, id: id) })
        }
    }

    /// Who reads: a SMART app by its access token (`Bearer ohka1.…`), with what its scopes grant; else the owner,
    /// signed in as on the owner's routes, with everything.
    private func reader(_ request: Request) async throws -> FHIRCaller {
        guard let token = Authenticator.bearer(request), token.hasPrefix(smart.tokens.access.prefix) else {
            return FHIRCaller(user: try await authenticator.requireOwner(request), access: .everything, client: nil)
        }
        guard
            let (grant, _) = try await smart.grant(
                ofAccessToken: token, engines: { [users] in try await users.state(for: $0)?.engine }),
            let user = try await users.state(for: grant.user)
        else { throw APIError.unauthorized("The access token is not valid, has expired, or its app was removed") }
        let scopes = grant.scope.split(separator: " ").map(String.init)
        return FHIRCaller(user: user, access: FHIRAccess.granted(by: scopes).access, client: grant.client)
    }

    /// The FHIR API of a user's store, read as its owner, narrowed to `access`.
    static func server(for user: UserState, base: String, access: FHIRAccess = .everything) throws -> FHIRServer {
        FHIRServer(
            engine: user.engine, principal: try OwnerWebStore.owner(), base: base,
            patientID: FHIRServer.patientID(user: String(user.id)), access: access)
    }

    /// Runs a read in the user's access log (the owner, or `fhir:<client id>`; the resource type as its type), off
    /// the server's threads.
    private func audited(
        _ caller: FHIRCaller, _ operation: String, _ resourceType: String,
        _ body: @escaping @Sendable () async throws -> String
    ) async throws -> String {
        try await caller.user.auditor.audited(caller.auditName, operation, types: [resourceType]) {
            try await offload(body)
        }
    }

    /// `[base]` as the caller reached it: the request's `Host` when it is a host name or address with a port, else
    /// healthd's configured address. (healthd speaks plain HTTP; a proxy in front that terminates TLS rewrites it.)
    static func baseURL(of request: Request, configuration: DaemonConfiguration) -> String {
        baseURL(authority: request.head.authority, configuration: configuration)
    }

    /// `[base]` at `authority` (a request's host and port), as ``baseURL(of:configuration:)`` reads it.
    static func baseURL(authority: String?, configuration: DaemonConfiguration) -> String {
        origin(authority: authority, configuration: configuration) + Self.base
    }

    /// `http://<host>:<port>` as a caller reached healthd at `authority`: the host and port when they are a host name
    /// or address, else healthd's configured address. The FHIR API and SMART Health Links are served under it.
    static func origin(authority: String?, configuration: DaemonConfiguration) -> String {
        let host = authority.flatMap { host in
            host.wholeMatch(of: /[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?/) != nil ? host : nil
        }
        return "http://" + (host ?? "\(configuration.host):\(configuration.port)")
    }
}
