import Foundation

/// An HTTP method healthd answers to.
public enum WireMethod: String, Sendable, Hashable, CaseIterable {
    /// Reads.
    case get = "GET"
    /// Saves, deletions by body, queries with a body.
    case post = "POST"
    /// Replaces a setting (grants, a characteristic, a callback, a priority).
    case put = "PUT"
    /// Removes.
    case delete = "DELETE"
}

/// A route as `docs/openapi.yaml` lists it: a method and a path template (`/v1/owner/apps/{bundleIdentifier}`).
public struct WireEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public let method: WireMethod
    /// The path, its parameter (if any) written `{name}` as OpenAPI and Hummingbird's router write it.
    public let template: String

    /// The endpoint of `method` on `template`.
    public init(_ method: WireMethod, _ template: String) {
        self.method = method
        self.template = template
    }

    /// `GET /v1/app`.
    public var description: String { "\(method.rawValue) \(template)" }
}

/// One of healthd's routes (see ``WireRoutes``): its endpoint, and how a value of its one path parameter is
/// written into the path. A route without a parameter, or with its parameter given (``with(_:)``), is a
/// `WireRoute<Void>`: what a client calls.
public struct WireRoute<Parameter>: Sendable {
    /// The method and path template, as docs/openapi.yaml lists them.
    public let endpoint: WireEndpoint
    /// The name of the path's parameter (`bundleIdentifier`), or nil for none.
    public let parameterName: String?
    private let text: @Sendable (Parameter) -> String

    private init(endpoint: WireEndpoint, parameterName: String?, text: @escaping @Sendable (Parameter) -> String) {
        self.endpoint = endpoint
        self.parameterName = parameterName
        self.text = text
    }

    /// A route whose template holds one parameter (`{bundleIdentifier}`), written into the path by `text`.
    private init(_ method: WireMethod, template: String, text: @escaping @Sendable (Parameter) -> String) {
        guard let open = template.firstIndex(of: "{"), let close = template[open...].firstIndex(of: "}") else {
            preconditionFailure("\(template) has no {parameter}")
        }
        self.init(
            endpoint: WireEndpoint(method, template),
            parameterName: String(template[template.index(after: open)..<close]), text: text)
    }

    /// The HTTP method.
    public var method: WireMethod { endpoint.method }
    /// The path template (`/v1/owner/apps/{bundleIdentifier}`).
    public var template: String { endpoint.template }

    /// The path with `value` in place of the parameter, percent-encoded as one path segment (a `/` in the value
    /// stays inside the segment).
    public func path(_ value: Parameter) -> String {
        guard let parameterName else { return template }
        let written = self.text(value)
        let segment = written.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? written
        return template.replacingOccurrences(of: "{\(parameterName)}", with: segment)
    }

    /// This route with its parameter set to `value`.
    public func with(_ value: Parameter) -> WireRoute<Void> {
        let written = self.text(value)
        return WireRoute<Void>(endpoint: endpoint, parameterName: parameterName) { _ in written }
    }

    private static var segmentCharacters: CharacterSet {
        CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
    }
}

extension WireRoute where Parameter == Void {
    /// A route without a path parameter.
    init(_ method: WireMethod, _ path: String) {
        self.init(endpoint: WireEndpoint(method, path), parameterName: nil) { _ in "" }
    }

    /// The path to call, percent-encoded.
    public var path: String { path(()) }
}

extension WireRoute where Parameter == String {
    /// A route whose parameter is a string (a bundle identifier).
    init(_ method: WireMethod, template: String) {
        self.init(method, template: template) { $0 }
    }
}

extension WireRoute where Parameter == UUID {
    /// A route whose parameter is an id (a permission request's).
    init(_ method: WireMethod, template: String) {
        self.init(method, template: template) { $0.uuidString }
    }
}

extension WireRoute where Parameter: RawRepresentable & Sendable, Parameter.RawValue == String {
    /// A route whose parameter is an identifier (a characteristic type's), written as its raw value.
    init(_ method: WireMethod, template: String) {
        self.init(method, template: template) { $0.rawValue }
    }
}
