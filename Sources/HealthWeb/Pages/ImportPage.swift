import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitModel
import SystemPackage
import _NIOFileSystem

/// Import: upload an Apple Health export (`export.zip`, or its `export.xml`) with a progress bar. The upload is
/// streamed to a private file on disk; the host's importer then runs as a background job whose progress the job's
/// page polls, and which ends with the summary. The file is removed afterwards.
struct ImportPage: Sendable {
    let chrome: Chrome
    let available: Bool
    let unavailableReason: String?
    /// `16 GB`.
    let maximumUpload: String
    /// The same, in bytes, for the script to refuse a larger file before sending it.
    let maximumUploadBytes: String
    /// The job page of the import running now.
    let runningHref: String?
}

/// One import: its progress while it runs (the script polls `/import/jobs/<id>/progress`), then its summary.
struct ImportJobPage: Sendable {
    struct Row: Sendable {
        let name: String
        let href: String?
        let read: String
        let added: String
        let alreadyStored: String
        let skipped: String
    }

    struct SkippedRow: Sendable {
        let line: String
        let record: String
        let reason: String
    }

    let chrome: Chrome
    let id: String
    let fileName: String
    let started: String
    let running: Bool
    let progressHref: String
    let percent: Int
    let progressText: String
    let failure: String?
    let finished: Bool
    let headline: String
    let document: String
    let rows: [Row]
    let total: Row?
    let children: [String]
    let skipped: [SkippedRow]
    let hasSkipped: Bool
    let skippedMore: String?
    let warnings: [String]
    let hasWarnings: Bool
    let warningsMore: String?
}

extension HealthWebApp {
    /// How many skipped records and warnings the summary lists.
    static let importListed = 50

    func addImportRoutes(to router: Router<BasicRequestContext>) {
        page(router, "/import") { [self] web in
            let limit = host.maximumUploadSize
            return await renderer.html(
                "import",
                ImportPage(
                    chrome: chrome(web, title: "Import", section: .importing),
                    available: host.importUnavailableReason == nil,
                    unavailableReason: host.importUnavailableReason, maximumUpload: ProgressText.bytes(limit),
                    maximumUploadBytes: String(limit), runningHref: imports.running.map { Self.jobPath($0.id) }))
        }

        // The script posts the file itself as the body, with the session's CSRF token in a header (a file is too
        // large for a form field), and shows the upload's progress. The answer is JSON: 202 with the job's
        // address once the file is received, or the refusal.
        router.post("/import") { [self] request, _ in
            await jsonAnswer { try await startImport(request) }
        }

        page(router, "/import/jobs/{id}") { [self] web in
            guard let job = imports.job(try web.parameter("id")) else {
                throw WebError.notFound(
                    "This import is not known: healthd keeps the last \(ImportJobs.kept) of its current run.")
            }
            return await renderer.html(
                "import-job", jobPage(job, chrome: chrome(web, title: "Import", section: .importing)))
        }

        router.get("/import/jobs/{id}/progress") { [self] request, context in
            await jsonAnswer {
                try checkHost(request)
                guard currentSession(request) != nil else {
                    throw WebError(.unauthorized, "Your session has ended. Sign in again.")
                }
                guard let id = context.parameters.get("id"), let job = imports.job(id) else {
                    throw WebError.notFound("This import is not known.")
                }
                return Self.json(Self.progress(of: job), status: .ok)
            }
        }
    }

    static func jobPath(_ id: String) -> String { "/import/jobs/" + id }

    /// Receives the upload and starts the import; refuses it before reading a byte when it cannot be taken.
    private func startImport(_ request: Request) async throws -> Response {
        try checkHost(request)
        try checkOrigin(request)
        guard let session = currentSession(request) else {
            throw WebError(.unauthorized, "Your session has ended. Sign in again.")
        }
        guard let token = request.headers[Self.csrfHeader], constantTimeEqual(token, session.csrfToken) else {
            throw WebError(.forbidden, "This page has expired. Reload it and try again.")
        }
        if let reason = host.importUnavailableReason { throw WebError(.notImplemented, reason) }
        let limit = host.maximumUploadSize
        if let length = request.headers[.contentLength].flatMap({ Int64($0) }), length > limit {
            throw Self.tooLarge(limit)
        }
        let name = FormData(request.uri.query ?? "")["name"] ?? "export.zip"
        guard let job = imports.begin(fileName: name) else {
            throw WebError(.conflict, "An import is already running: wait until it has finished, then try again.")
        }
        let file: URL
        do {
            file = try await receive(request.body, named: name, limit: limit)
        } catch {
            imports.forget(job.id)
            throw error
        }
        imports.update(job.id, to: .importing(nil))
        Task.detached { [self] in await runImport(job, file: file) }
        return Self.json(
            ["job": job.id, "href": Self.jobPath(job.id), "progress": Self.jobPath(job.id) + "/progress"],
            status: .accepted)
    }

    /// Runs the host's importer on the received file, records the outcome (and the audit entry), removes the file.
    private func runImport(_ job: ImportJobs.Job, file: URL) async {
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let id = job.id
        do {
            var report = try await host.importHealthExport(at: file) { [imports] progress in
                imports.update(id, to: .importing(progress))
            }
            // The name the owner knows, not the private copy's path.
            report.document = report.document.replacingOccurrences(of: file.path, with: job.fileName)
            imports.update(id, to: .finished(report))
            await host.audit("import", types: report.typesAdded, count: report.total.added, errorCode: nil)
        } catch {
            let failure = HKError.from(error)
            imports.update(id, to: .failed(failure.message.replacingOccurrences(of: file.path, with: job.fileName)))
            await host.audit("import", types: [], count: 0, errorCode: failure.code.rawValue)
        }
    }

    /// Streams the body to `<upload directory>/import-<random>/export.zip` (or `.xml`): the folder 0700, the file
    /// 0600, written through NIO's file system (its own threads), never held in memory.
    private func receive(_ body: RequestBody, named name: String, limit: Int64) async throws -> URL {
        let fileManager = FileManager.default
        try fileManager.createDirectory(
            at: host.uploadDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let folder = host.uploadDirectory.appendingPathComponent("import-" + UUID().uuidString)
        try fileManager.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent(name.lowercased().hasSuffix(".xml") ? "export.xml" : "export.zip")
        var received: Int64 = 0
        do {
            try await FileSystem.shared.withFileHandle(
                forWritingAt: FilePath(file.path),
                options: .newFile(replaceExisting: false, permissions: .ownerReadWrite)
            ) { handle in
                try await handle.withBufferedWriter { writer in
                    for try await buffer in body {
                        received += Int64(buffer.readableBytes)
                        guard received <= limit else { throw Self.tooLarge(limit) }
                        _ = try await writer.write(contentsOf: buffer)
                    }
                }
            }
            guard received > 0 else { throw WebError.badRequest("The file is empty.") }
        } catch {
            try? fileManager.removeItem(at: folder)
            throw error
        }
        return file
    }

    /// Removes the uploads a healthd that stopped during an import left behind (the folder is this web app's alone).
    func removeAbandonedUploads() {
        let fileManager = FileManager.default
        let folder = host.uploadDirectory
        for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix("import-") {
            try? fileManager.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func tooLarge(_ limit: Int64) -> WebError {
        WebError(.contentTooLarge, "The file is larger than Health accepts (\(ProgressText.bytes(limit))).")
    }

    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    /// A JSON route's answer: what `work` returns, or its refusal as `{"error": "..."}` (never a page).
    private func jsonAnswer(_ work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch let error as WebError {
            return Self.json(["error": error.message], status: error.status)
        } catch {
            let failure = HKError.from(error)
            return Self.json(
                ["error": failure.message],
                status: failure.code == .errorInvalidArgument ? .badRequest : .internalServerError)
        }
    }

    private static func json(_ object: [String: Any], status: HTTPResponse.Status) -> Response {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `{"state": "uploading" | "importing" | "finished" | "failed", "percent", "text", "error", "href", ...}`.
    static func progress(of job: ImportJobs.Job) -> [String: Any] {
        var answer: [String: Any] = ["job": job.id, "href": jobPath(job.id)]
        switch job.state {
        case .uploading:
            answer["state"] = "uploading"
            answer["text"] = "Uploading…"
        case .importing(let progress):
            answer["state"] = "importing"
            answer["text"] = progress.map(ProgressText.line) ?? "Starting…"
            if let progress {
                answer["bytesRead"] = progress.bytesRead
                answer["records"] = progress.records
                if let total = progress.totalBytes { answer["totalBytes"] = total }
                if let percent = ProgressText.percent(progress) { answer["percent"] = percent }
            }
        case .finished(let report):
            answer["state"] = "finished"
            answer["percent"] = 100
            answer["text"] = headline(report)
            answer["added"] = report.total.added
            if let incomplete = report.incomplete { answer["incomplete"] = incomplete }
        case .failed(let message):
            answer["state"] = "failed"
            answer["text"] = message
            answer["error"] = message
        }
        return answer
    }

    /// `1,234 added, 12 already stored, 3 skipped.`, then `Incomplete: <why>.` for a document that ends early.
    private static func headline(_ report: ImportReport) -> String {
        let total = report.total
        return "\(ProgressText.count(total.added)) added, \(ProgressText.count(total.alreadyStored)) already stored, "
            + "\(ProgressText.count(total.skipped)) skipped." + (report.incomplete.map { " Incomplete: \($0)." } ?? "")
    }

    private func jobPage(_ job: ImportJobs.Job, chrome: Chrome) -> ImportJobPage {
        var percent = 0, progressText = "Uploading…", failure: String?, report: ImportReport?
        switch job.state {
        case .uploading: break
        case .importing(let progress):
            percent = progress.flatMap(ProgressText.percent) ?? 0
            progressText = progress.map(ProgressText.line) ?? "Starting…"
        case .finished(let finished):
            percent = 100
            progressText = "Done."
            report = finished
        case .failed(let message):
            progressText = "The import failed."
            failure = message
        }
        func row(_ line: ImportReport.Line, isType: Bool) -> ImportJobPage.Row {
            let type = isType ? HKObjectType.type(forRawIdentifier: line.name) : nil
            let linked = type is HKQuantityType || type is HKCategoryType
            return ImportJobPage.Row(
                name: isType ? PageTypeNames.displayName(line.name) : line.name,
                href: linked ? "/types/" + HKObjectType.shortName(forRawIdentifier: line.name) : nil,
                read: ProgressText.count(line.read), added: ProgressText.count(line.added),
                alreadyStored: ProgressText.count(line.alreadyStored), skipped: ProgressText.count(line.skipped))
        }
        let rows =
            (report?.types ?? []).map { row($0, isType: true) }.sorted { $0.name < $1.name }
            + (report?.others ?? []).map { row($0, isType: false) }
        let children =
            report.map { report in
                [("route location", report.routeLocationsAdded), ("heartbeat", report.heartbeatsAdded)]
                    .filter { $0.1 > 0 }.map { "\(ProgressText.count($0.1)) \($0.0)\($0.1 == 1 ? "" : "s") added" }
            } ?? []
        let skipped =
            report?.skipped.prefix(Self.importListed).map { skipped in
                ImportJobPage.SkippedRow(line: String(skipped.line), record: skipped.record, reason: skipped.reason)
            } ?? []
        let warnings = Array(report?.warnings.prefix(Self.importListed) ?? [])
        func more(_ total: Int, shown: Int) -> String? {
            total > shown ? "and \(ProgressText.count(total - shown)) more" : nil
        }
        return ImportJobPage(
            chrome: chrome, id: job.id, fileName: job.fileName, started: PageDateText().dateTime(job.started),
            running: job.state.isRunning, progressHref: Self.jobPath(job.id) + "/progress", percent: percent,
            progressText: progressText, failure: failure, finished: report != nil,
            headline: report.map(Self.headline) ?? "",
            document: report?.document ?? "", rows: rows, total: report.map { row($0.total, isType: false) },
            children: children, skipped: skipped, hasSkipped: !skipped.isEmpty,
            skippedMore: report.flatMap { more($0.skippedTotal, shown: skipped.count) }, warnings: warnings,
            hasWarnings: !warnings.isEmpty,
            warningsMore: report.flatMap { more($0.warningsTotal, shown: warnings.count) })
    }
}
