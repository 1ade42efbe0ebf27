import Foundation
import Hummingbird
import OpenHealthKitExchange
import OpenHealthKitEngine

/// healthd's FHIR R4 API under ``base`` (docs/FHIR.md, "The API"): the CapabilityStatement for anyone, and reads and
/// searches of the signed-in owner's Patient and Observations (``FHIRServer``). Every failure is an
/// `OperationOutcome` (``FHIROutcomes``), and every read and search is in the owner's access log.
struct FHIRRoutes {
    /// The API's path: `[base]` in FHIR's terms is this on healthd's address.
    static let base = "/fhir/r4"
    let configuration: DaemonConfiguration
    let authenticator: Authenticator

    func add(to router: Router<BasicRequestContext>) {
        let fhir = router.group(RouterPath(Self.base)).add(middleware: FHIROutcomes())
        fhir.get("metadata") { [self] request, _ in
            FHIRResponses.response(
                FHIRCapabilityStatement.json(
                    base: Self.baseURL(of: request, configuration: configuration), date: Date()))
        }
        let owner = fhir.group(context: OwnerContext.self)
            .add(middleware: CallerAuthentication { [authenticator] in try await authenticator.requireOwner($0) })
        BulkExportRoutes(configuration: configuration).add(to: owner)
        owner.get(":type") { [self] request, context in
            let type = context.parameters.get("type") ?? ""
            let parameters = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let server = try Self.server(
                for: try context.caller, base: Self.baseURL(of: request, configuration: configuration))
            return FHIRResponses.response(
                try await audited(try context.caller, "fhir.search", type) {
                    try await server.search(type, parameters: parameters)
                })
        }
        owner.get(":type/:id") { [self] request, context in
            let type = context.parameters.get("type") ?? ""
            let id = context.parameters.get("id") ?? ""
            let server = try Self.server(
                for: try context.caller, base: Self.baseURL(of: request, configuration: configuration))
            return FHIRResponses.response(
                try await audited(try context.caller, "fhir.read", type) { try await server.read(type, id: id) })
        }
    }

    /// The FHIR API of a user's store, read as its owner.
    static func server(for user: UserState, base: String) throws -> FHIRServer {
        FHIRServer(
            engine: user.engine, principal: try OwnerWebStore.owner(), base: base,
            patientID: FHIRServer.patientID(user: String(user.id)))
    }

    /// Runs a read in the owner's access log (the resource type as its type), off the server's threads.
    private func audited(
        _ user: UserState, _ operation: String, _ resourceType: String,
        _ body: @escaping @Sendable () async throws -> String
    ) async throws -> String {
        try await user.auditor.audited(AuditEntry.owner, operation, types: [resourceType]) {
            try await offload(body)
        }
    }

    /// `[base]` as the caller reached it: the request's `Host` when it is a host name or address with a port, else
    /// healthd's configured address. (healthd speaks plain HTTP; a proxy in front that terminates TLS rewrites it.)
    static func baseURL(of request: Request, configuration: DaemonConfiguration) -> String {
        let host = request.head.authority.flatMap { host in
            host.wholeMatch(of: /[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?/) != nil ? host : nil
        }
        return "http://" + (host ?? "\(configuration.host):\(configuration.port)") + Self.base
    }
}
