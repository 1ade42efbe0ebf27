import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitModel

/// Import: upload an Apple Health export (`export.zip`, or its `export.xml`) with a progress bar. The upload is
/// written to a private temporary file, handed to the host's importer, then removed.
struct ImportPage: Sendable {
    let chrome: Chrome
    let available: Bool
    let unavailableReason: String?
}

extension HealthWebApp {
    /// The largest upload accepted: exports of many years reach several gigabytes.
    static let maximumUpload: Int = 16 << 30

    func addImportRoutes(to router: Router<BasicRequestContext>) {
        page(router, "/import") { [self] web in
            await renderer.html("import", ImportPage(
                chrome: chrome(web, title: "Import", section: .importing), available: host.importUnavailableReason == nil,
                unavailableReason: host.importUnavailableReason))
        }

        // The script posts the file itself as the body, with the session's CSRF token in a header (a file is too
        // large for a form field), and shows the upload's progress; the answer is JSON.
        router.post("/import") { [self] request, _ in
            do {
                try checkHost(request)
                try checkOrigin(request)
                guard let session = currentSession(request) else { throw WebError(.forbidden, "Your session has ended. Sign in again.") }
                guard let token = request.headers[Self.csrfHeader], constantTimeEqual(token, session.csrfToken) else {
                    throw WebError(.forbidden, "This page has expired. Reload it and try again.")
                }
                if let reason = host.importUnavailableReason { throw WebError(.notImplemented, reason) }
                let name = FormData(request.uri.query ?? "")["name"] ?? "export.zip"
                let file = try await receive(request.body, named: name)
                defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
                let summary = try await host.importHealthExport(at: file)
                return Self.json(["message": summary], status: .ok)
            } catch let error as WebError {
                return Self.json(["error": error.message], status: error.status)
            } catch {
                return Self.json(["error": HKError.from(error).message], status: .badRequest)
            }
        }
    }

    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    /// Writes the body to `<private temporary directory>/<name>`.
    private func receive(_ body: RequestBody, named name: String) async throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("health-import-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let safeName = name.hasSuffix(".xml") ? "export.xml" : "export.zip"
        let file = directory.appendingPathComponent(safeName)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var received = 0
        do {
            for try await buffer in body {
                received += buffer.readableBytes
                guard received <= Self.maximumUpload else { throw WebError(.contentTooLarge, "The file is larger than Health accepts.") }
                try handle.write(contentsOf: buffer.readableBytesView)
            }
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        guard received > 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw WebError.badRequest("The file is empty.")
        }
        return file
    }

    private static func json(_ object: [String: String], status: HTTPResponse.Status) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
