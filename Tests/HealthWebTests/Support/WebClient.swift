import Foundation
import OpenHealthKitTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A browser, as far as the tests need one: cookies kept by hand, redirects reported rather than followed.
final class WebClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    struct Page {
        let status: Int
        let headers: [String: String]
        let text: String

        var location: String? { headers["Location"] }
        /// Every `Set-Cookie` header, joined by newlines (URLSession folds repeated headers with commas).
        var setCookie: String { headers["Set-Cookie"] ?? "" }

        /// The value of the first hidden `name` field.
        func field(_ name: String) -> String? {
            guard let range = text.range(of: "name=\"\(name)\" value=\"") else { return nil }
            return String(text[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    let address: URL
    var cookies: [String: String] = [:]
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.patient
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    init(address: URL) {
        self.address = address
    }

    func get(_ path: String) async throws -> Page {
        try await send("GET", path, form: nil)
    }

    func post(_ path: String, form: [(String, String)], headers: [String: String] = [:]) async throws -> Page {
        let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send("POST", path, form: body, headers: headers)
    }

    func send(_ method: String, _ path: String, form: String?, headers: [String: String] = [:]) async throws -> Page {
        try await send(
            method, path, body: form.map { Data($0.utf8) }, contentType: "application/x-www-form-urlencoded",
            headers: headers)
    }

    /// Posts a file as the Import page's script does: the bytes as the body, the CSRF token in a header.
    func upload(_ path: String, _ body: Data, csrf: String?) async throws -> Page {
        try await send(
            "POST", path, body: body, contentType: "application/octet-stream",
            headers: csrf.map { ["X-CSRF-Token": $0] } ?? [:])
    }

    func send(_ method: String, _ path: String, body: Data?, contentType: String, headers: [String: String] = [:])
        async throws -> Page
    {
        var request = URLRequest(
            url: URL(string: address.absoluteString + path)!, timeoutInterval: SafetyTimeout.duration / .seconds(1))
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        if !cookies.isEmpty {
            request.setValue(
                cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), forHTTPHeaderField: "Cookie")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
            session.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    return
                }
                continuation.resume(returning: (data ?? Data(), response))
            }.resume()
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        let page = Page(status: response.statusCode, headers: headers, text: String(decoding: data, as: UTF8.self))
        remember(page.setCookie)
        return page
    }

    /// Keeps the cookies a response sets (an empty value with Max-Age=0 removes one).
    private func remember(_ header: String) {
        for cookie in header.components(separatedBy: CharacterSet(charactersIn: ",\n")) {
            let pair = cookie.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let equals = pair.firstIndex(of: "="), pair.hasPrefix("health_") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            cookies[name] = value.isEmpty ? nil : value
        }
    }

    /// Signs in with the secret, as the sign-in page does.
    /// Signs in as the sign-in page's form does, with the browser's time zone its script fills in (`timeZone`).
    func signIn(secret: String, timeZone: String? = nil) async throws -> Page {
        let form = try await get("/signin")
        return try await post(
            "/signin",
            form: [("token", form.field("token") ?? ""), ("next", "/"), ("secret", secret)]
                + (timeZone.map { [("timeZone", $0)] } ?? []))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
