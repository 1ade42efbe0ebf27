import Foundation
import OpenHealthKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A browser's requests to Health without a browser: cookies sent by hand, redirects not followed (their status
/// and `Set-Cookie` are what the tests look at).
enum WebClient {
    struct Page {
        let status: Int
        let text: String
        let setCookie: String?
        /// Where a redirect sends the browser.
        var location: String? = nil
    }

    private final class NoRedirects: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.patient
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }()

    /// Signs a user in through `daemon` by name (healthd on PostgreSQL; the owner unless told); the session cookie's
    /// value.
    static func signIn(_ daemon: DaemonHarness, name: String = "owner", secret: String? = nil) async throws -> String {
        // The sign-in form's token matches its cookie, as the page sets both.
        let token = "t" + UUID().uuidString
        let answer = try await send(
            "POST", daemon.url("/signin"), cookies: ["health_signin": token],
            form: [("token", token), ("name", name), ("secret", secret ?? daemon.ownerSecret), ("next", "/")])
        guard answer.status == 303, let header = answer.setCookie,
            let range = header.range(of: #"health_session=[^;,]+"#, options: .regularExpression)
        else { throw HarnessError("signing in: \(answer.status) \(answer.text)") }
        return String(header[range].dropFirst("health_session=".count))
    }

    static func get(_ path: String, _ daemon: DaemonHarness, cookie: String?) async throws -> Page {
        try await send("GET", daemon.url(path), cookies: cookie.map { ["health_session": $0] } ?? [:], form: nil)
    }

    static func post(_ path: String, _ daemon: DaemonHarness, cookie: String, form: [String: String]) async throws
        -> Page
    {
        try await send(
            "POST", daemon.url(path), cookies: ["health_session": cookie], form: form.map { ($0.key, $0.value) })
    }

    /// A form post whose fields may repeat a name (checkboxes).
    static func post(_ path: String, _ daemon: DaemonHarness, cookie: String, fields: [(String, String)]) async throws
        -> Page
    {
        try await send("POST", daemon.url(path), cookies: ["health_session": cookie], form: fields)
    }

    /// The CSRF token of a page's forms.
    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value="[^"]+""#, options: .regularExpression) else {
            return nil
        }
        return String(html[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
    }

    private static func send(_ method: String, _ url: URL, cookies: [String: String], form: [(String, String)]?)
        async throws -> Page
    {
        var request = URLRequest(url: url, timeoutInterval: SafetyTimeout.duration / .seconds(1))
        request.httpMethod = method
        if !cookies.isEmpty {
            request.setValue(
                cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), forHTTPHeaderField: "Cookie")
        }
        if let form {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            request.httpBody = Data(
                form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
                    .joined(separator: "&").utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        return try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    return
                }
                continuation.resume(
                    returning: Page(
                        status: response.statusCode, text: String(decoding: data ?? Data(), as: UTF8.self),
                        setCookie: response.value(forHTTPHeaderField: "Set-Cookie"),
                        location: response.value(forHTTPHeaderField: "Location")))
            }.resume()
        }
    }
}
