import Hummingbird
import OpenHealthKitWire

extension RouterMethods {
    /// Registers `handler` for one of healthd's routes, as ``WireRoutes`` defines it.
    @discardableResult
    func on<Parameter>(
        _ route: WireRoute<Parameter>,
        use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        on(RouterPath(route.template), method: route.method.httpMethod, use: handler)
    }
}

extension WireMethod {
    var httpMethod: HTTPRequest.Method {
        switch self {
        case .get: .get
        case .post: .post
        case .put: .put
        case .delete: .delete
        }
    }
}
