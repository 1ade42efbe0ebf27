import Hummingbird

/// The request context of healthd's authenticated routes: the caller the group's ``CallerAuthentication`` found
/// before any handler ran. `Caller` is ``AuthenticatedApp`` on the apps' routes (``AppContext``) and the signed-in
/// owner's ``UserState`` on the owner's (``OwnerContext``), so a handler reads who calls from its context and never
/// authenticates by itself.
struct CallerContext<Caller: Sendable>: ChildRequestContext {
    typealias ParentContext = BasicRequestContext
    var coreContext: CoreRequestContextStorage
    fileprivate(set) var authenticated: Caller?

    init(context: BasicRequestContext) {
        coreContext = context.coreContext
    }

    /// The authenticated caller. Every route of a group with ``CallerAuthentication`` has one; a route registered
    /// without it is refused as unauthenticated rather than served to nobody.
    var caller: Caller {
        get throws {
            guard let authenticated else { throw APIError.unauthorized("This route needs a credential") }
            return authenticated
        }
    }
}

/// The context of the apps' routes: the app whose working credential the request carries.
typealias AppContext = CallerContext<AuthenticatedApp>
/// The context of the owner's routes: the state of the owner who signed in.
typealias OwnerContext = CallerContext<UserState>
/// The context of the ingest route: the ingest key the push carries, and its user.
typealias IngestContext = CallerContext<IngestCaller>
/// The context of the FHIR API's reads: the owner, or a SMART app by its access token.
typealias FHIRContext = CallerContext<FHIRCaller>

/// The middleware of a group of routes that authenticates the caller (answering 401 when it cannot) and puts it in
/// the context, before the route's handler runs.
struct CallerAuthentication<Caller: Sendable>: RouterMiddleware {
    typealias Context = CallerContext<Caller>
    let authenticate: @Sendable (Request) async throws -> Caller

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.authenticated = try await authenticate(request)
        return try await next(request, context)
    }
}
