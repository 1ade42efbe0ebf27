import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitModel

/// Import: upload an Apple Health export (`export.zip`, or its `export.xml`) with a progress bar. The upload is
/// streamed to a private file on disk; the host's importer then runs as a background job whose progress the job's
/// page polls, and which ends with the summary. The file is removed afterwards (kept after an interruption, until
/// the import is resumed or discarded).
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

extension HealthWebApp {
    func addImportRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.importing) { [self] web in
            let limit = web.host.maximumUploadSize
            return await renderer.html(
                "import",
                ImportPage(
                    chrome: chrome(web, title: "Import", section: .importing),
                    available: web.host.importUnavailableReason == nil,
                    unavailableReason: web.host.importUnavailableReason, maximumUpload: ProgressText.bytes(limit),
                    maximumUploadBytes: String(limit),
                    runningHref: web.imports.running.map { WebRoutes.importJob.path($0.id) }))
        }

        // The script posts the file itself as the body, with the session's CSRF token in a header (a file is too
        // large for a form field), and shows the upload's progress. The answer is JSON: 202 with the job's
        // address once the file is received, or the refusal.
        router.post(WebRoutes.importing.routerPath) { [self] request, _ in
            await jsonAnswer { try await startImport(request) }
        }

        page(router, WebRoutes.importJob) { [self] web in
            guard let job = web.imports.job(try web.parameter("id")) else {
                throw WebError.notFound(
                    "Health has no import at this address: it keeps the last \(ImportJobs.kept) imports.")
            }
            let dates = try await pageDates(web.host)
            return await renderer.html(
                "import-job",
                ImportJobPage(job, chrome: chrome(web, title: "Import", section: .importing), dates: dates))
        }

        router.get(WebRoutes.importJobProgress.routerPath) { [self] request, context in
            await jsonAnswer {
                try checkHost(request)
                guard let signedIn = try await signedIn(request) else {
                    throw WebError(.unauthorized, "Your session has ended. Sign in again.")
                }
                guard let id = context.parameters.get("id"), let job = signedIn.imports.job(id) else {
                    throw WebError.notFound("Health has no import at this address.")
                }
                return Self.json(ImportJobPage.progress(of: job), status: .ok)
            }
        }

        action(router, WebRoutes.importJobResume) { [self] web in
            let id = try web.parameter("id")
            guard let job = try await blocking({ [imports = web.imports] in imports.resume(id) }),
                let upload = job.upload
            else {
                return redirect(
                    web, to: WebRoutes.importJob.path(id),
                    message: "This import cannot be resumed: it is not interrupted, its file is gone, or another "
                        + "import is running.", isError: true)
            }
            Task.detached { [self] in await runImport(job, file: upload, host: web.host, imports: web.imports) }
            return redirect(web, to: WebRoutes.importJob.path(id), message: "The import goes on where it stopped.")
        }

        action(router, WebRoutes.importJobDiscard) { [self] web in
            let id = try web.parameter("id")
            guard let job = web.imports.job(id), job.isResumable else {
                return redirect(
                    web, to: WebRoutes.importJob.path(id), message: "There is no file to remove.", isError: true)
            }
            try await blocking { [imports = web.imports] in imports.setUpload(id, nil) }
            return redirect(
                web, to: WebRoutes.importJob.path(id), message: "Removed the uploaded file of \(job.fileName).")
        }
    }

    /// On a user's first use: imports the previous run of healthd left running are interrupted, each gets its entry
    /// in the user's access log (what it had committed), and uploads no job keeps are removed.
    func recoverImports(_ imports: ImportJobs, host: any HealthWebHost) {
        let interrupted = imports.recoverInterrupted()
        removeAbandonedUploads(keeping: imports.keptUploads, in: host.uploadDirectory)
        guard !interrupted.isEmpty else { return }
        Task { [host] in
            for job in interrupted {
                guard case .interrupted(let interruption) = job.state else { continue }
                await host.audit(
                    "import.interrupted", types: interruption.typesAdded, count: interruption.added, errorCode: nil)
            }
        }
    }

    /// Receives the upload and starts the import; refuses it before reading a byte when it cannot be taken.
    private func startImport(_ request: Request) async throws -> Response {
        try checkHost(request)
        try checkOrigin(request)
        guard let signedIn = try await signedIn(request) else {
            throw WebError(.unauthorized, "Your session has ended. Sign in again.")
        }
        let host = signedIn.host, imports = signedIn.imports
        guard let token = request.headers[Self.csrfHeader], constantTimeEqual(token, signedIn.session.csrfToken) else {
            throw WebError(.forbidden, "This page has expired. Reload it and try again.")
        }
        if let reason = host.importUnavailableReason { throw WebError(.notImplemented, reason) }
        let limit = host.maximumUploadSize
        if let length = request.headers[.contentLength].flatMap({ Int64($0) }), length > limit {
            throw Self.tooLarge(limit)
        }
        let name = FormData(request.uri.query ?? "")["name"] ?? "export.zip"
        guard let job = try await blocking({ [imports] in try imports.begin(fileName: name) }) else {
            throw WebError(.conflict, "An import is already running: wait until it has finished, then try again.")
        }
        let file: URL
        do {
            // `created` tells the job its upload once the file exists, so that it knows it even if healthd stops
            // while it arrives.
            file = try await UploadSpool.receive(
                request.body, into: host.uploadDirectory, folderPrefix: "import-",
                fileName: name.lowercased().hasSuffix(".xml") ? "export.xml" : "export.zip", limit: limit,
                tooLarge: Self.tooLarge(limit), empty: WebError.badRequest("The file is empty.")
            ) { [imports] file in
                imports.setUpload(job.id, file)
            }
        } catch {
            try? await blocking { [imports] in imports.forget(job.id) }
            throw error
        }
        try await blocking { [imports] in imports.update(job.id, to: .importing(nil)) }
        Task.detached { [self] in await runImport(job, file: file, host: host, imports: imports) }
        return Self.json(
            [
                "job": job.id, "href": WebRoutes.importJob.path(job.id),
                "progress": WebRoutes.importJobProgress.path(job.id),
            ],
            status: .accepted)
    }

    /// Runs the host's importer on the received file, records the outcome (and the audit entry), removes the file.
    private func runImport(_ job: ImportJobs.Job, file: URL, host: any HealthWebHost, imports: ImportJobs) async {
        let id = job.id
        do {
            var report = try await host.importHealthExport(at: file) { progress in
                imports.update(id, to: .importing(progress))
            }
            // The name the owner knows, not the private copy's path.
            report.document = report.document.replacingOccurrences(of: file.path, with: job.fileName)
            let finished = report
            try? await blocking {
                imports.update(id, to: .finished(finished))
                imports.setUpload(id, nil)
            }
            await host.audit("import", types: report.typesAdded, count: report.total.added, errorCode: nil)
        } catch {
            let failure = HKError.from(error)
            let message = failure.message.replacingOccurrences(of: file.path, with: job.fileName)
            try? await blocking {
                imports.update(id, to: .failed(message))
                imports.setUpload(id, nil)
            }
            await host.audit("import", types: [], count: 0, errorCode: failure.code.rawValue)
        }
    }

    /// Removes the uploads no job keeps (a healthd that stopped during an upload left them, or a job was forgotten):
    /// the folder is this web app's alone (for this user).
    func removeAbandonedUploads(keeping kept: Set<String>, in folder: URL) {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix("import-") && !kept.contains(name) {
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
                ["error": MessageText.forPeople(failure.message)],
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
}
