import HTTPTypes
import Hummingbird

/// The methods healthd answers on each of its routes, so that a known path called with another method is a 405
/// naming them in `Allow`, and only an unknown path a 404.
struct AllowedMethods: Sendable {
    private var routes: [(path: [RouterPath.Element], methods: [HTTPRequest.Method])] = []

    init() {}

    init(_ descriptions: [Router<BasicRequestContext>.RouteDescription]) {
        let byPath = Dictionary(grouping: descriptions, by: \.path.description)
        routes = byPath.values.map { routes in
            (routes[0].path.components, routes.map(\.method).sorted { $0.rawValue < $1.rawValue })
        }
    }

    /// The methods of the routes matching `path`; empty for a path healthd does not know.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        var methods: [HTTPRequest.Method] = []
        for route in routes where Self.matches(route.path, parts) {
            for method in route.methods where !methods.contains(method) { methods.append(method) }
        }
        return methods
    }

    private static func matches(_ pattern: [RouterPath.Element], _ parts: [Substring]) -> Bool {
        for (index, element) in pattern.enumerated() {
            if element.description == "**" { return true }
            guard index < parts.count, element ~= parts[index] else { return false }
        }
        return pattern.count == parts.count
    }
}
