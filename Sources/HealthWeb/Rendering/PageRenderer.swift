import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// Renders pages from the Mustache templates compiled into the binary (``WebAssets``). Templates print values with
/// `{{ }}`, which escapes HTML; none prints a value with `{{{ }}}`.
struct PageRenderer: Sendable {
    /// Every template, parsed once in a process: the many daemons a test process starts share one parse (parsing
    /// them all for each was about 5 % of the daemon suite's processor time).
    private static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in WebAssets.templates {
            do {
                try library.register(text, named: name)
            } catch {
                // The templates are part of the binary and every one is rendered by the tests.
                preconditionFailure("The template \(name) does not parse: \(error)")
            }
        }
        return library
    }()

    /// A renderer, the templates parsed by the first in the process: as the daemon starts, not on the first page
    /// (on one of the few global dispatch threads pages are rendered on, which every other render would wait for).
    init() {
        _ = Self.library
    }

    /// The HTML of a template with a model, as a string (tests read it).
    func render(_ template: String, _ model: Any) -> String {
        guard let html = Self.library.render(model, withTemplate: template) else {
            preconditionFailure("No template is named \(template)")
        }
        return html
    }

    /// The page as a response. Rendering walks the model by reflection, which takes a while for a long page: it runs
    /// on a dispatch thread, not on one of Swift concurrency's few threads that every other request needs.
    /// `formTarget` is an origin besides healthd's that the page's forms may end at (the consent sheet's answer
    /// redirects to the app that asked).
    func html(_ template: String, _ model: some Sendable, status: HTTPResponse.Status = .ok, formTarget: String? = nil)
        async -> Response
    {
        let text = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: render(template, model)) }
        }
        var headers = Self.pageHeaders
        if let formTarget { headers[.contentSecurityPolicy] = Self.contentSecurityPolicy(formTarget: formTarget) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// No script or style from anywhere but healthd, no inline script, no framing, forms posted to healthd only
    /// (and to `formTarget`).
    static func contentSecurityPolicy(formTarget: String? = nil) -> String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'\(formTarget.map { " " + $0 } ?? ""); frame-ancestors 'none'; base-uri 'none'"
    }

    /// Every page: no caching of health data, no framing, no script or style from anywhere but healthd, no
    /// inline script, no referrer.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy: contentSecurityPolicy(),
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]
}
