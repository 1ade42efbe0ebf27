import Foundation
import HTTPTypes
import HealthWeb
import Hummingbird
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitModel

/// FHIR Bulk Data Access's export (docs/FHIR.md, "Bulk export"), for the signed-in owner and for the SMART apps they
/// allowed (what their scopes let them search): a kick-off (`GET [base]/$export`: everything here is one person's,
/// answered 202 with the status URL in `Content-Location`), the status (`GET`:
/// 202 with `X-Progress` while it runs, then 200 and the manifest), the NDJSON files the manifest lists (they need
/// the credential that started the export: `requiresAccessToken`), and `DELETE` to cancel it and remove its files.
///
/// Each caller's exports (the owner's, each SMART app's) are ``ExportJobs`` of their own: one runs at a time (another
/// kick-off meanwhile is 429), the last few are kept in a private folder of the caller's beside the store, and they
/// live in the memory of the healthd that took the kick-off (docs/FHIR.md says so).
struct BulkExportRoutes {
    let configuration: DaemonConfiguration
    let jobs: BulkExportJobs

    init(configuration: DaemonConfiguration) {
        self.configuration = configuration
        jobs = BulkExportJobs(storePath: configuration.storePath)
    }

    /// The status URL's path under `[base]`.
    static let statusPath = "bulk"

    func add(to fhir: RouterGroup<FHIRContext>) {
        fhir.get("$export") { [self] request, context in
            try await kickOff(request, context)
        }
        fhir.get("\(Self.statusPath)/:job") { [self] request, context in
            let caller = try context.caller
            let job = try job(request, context, of: caller)
            switch job.state {
            case .running(let written):
                var fields = HTTPFields()
                fields[.xProgress] = "\(written) resources written"
                fields[.retryAfter] = "1"
                return FHIRResponses.response("", status: .accepted, headers: fields)
            case .failed(let message):
                return FHIRResponses.response(
                    FHIRError.operationOutcome(severity: "error", code: "exception", diagnostics: message),
                    status: .internalServerError)
            case .finished:
                let base = FHIRRoutes.baseURL(of: request, configuration: configuration)
                return FHIRResponses.response(
                    Self.manifest(job, fileURL: base + "/" + Self.statusPath + "/" + job.id + "/"),
                    contentType: "application/json")
            }
        }
        fhir.delete("\(Self.statusPath)/:job") { [self] request, context in
            let caller = try context.caller
            let job = try job(request, context, of: caller)
            _ = jobs.of(caller).remove(job.id)
            return FHIRResponses.response("", status: .accepted)
        }
        fhir.get("\(Self.statusPath)/:job/:file") { [self] request, context in
            let caller = try context.caller
            let job = try job(request, context, of: caller)
            let name = context.parameters.get("file") ?? ""
            guard case .finished = job.state, Self.fileNames(of: job).contains(name) else {
                throw FHIRError(status: 404, code: "not-found", "This bulk export has no file \(name)")
            }
            return try await Self.download(job.folder.appendingPathComponent(name))
        }
    }

    private func kickOff(_ request: Request, _ context: FHIRContext) async throws -> Response {
        let caller = try context.caller
        let user = caller.user
        let base = FHIRRoutes.baseURL(of: request, configuration: configuration)
        let export = try BulkExportRequest(
            prefer: request.headers[.prefer],
            parameters: request.uri.queryParameters.map { (String($0.key), String($0.value)) },
            url: base + "/$export" + (request.uri.query.map { "?" + $0 } ?? ""), client: caller.client,
            searchable: caller.access.maySearch)
        let exports = jobs.of(caller)
        guard
            let job = try await user.auditor.audited(
                caller.auditName, "fhir.export", types: export.types,
                {
                    try exports.begin(export)
                })
        else {
            var fields = HTTPFields()
            fields[.retryAfter] = "10"
            return FHIRResponses.response(
                FHIRError.operationOutcome(
                    severity: "error", code: "too-costly",
                    diagnostics: "Another bulk export of this store is running: ask again when it has finished"),
                status: .tooManyRequests, headers: fields)
        }
        let server = try FHIRRoutes.server(for: user, base: base, access: caller.access)
        Task.detached { await Self.run(job, server: server, exports: exports) }
        var fields = HTTPFields()
        fields[.contentLocation] = base + "/" + Self.statusPath + "/" + job.id
        return FHIRResponses.response("", status: .accepted, headers: fields)
    }

    /// The export the path names, when `caller` started it (another caller's is not there, for them).
    private func job(_ request: Request, _ context: FHIRContext, of caller: FHIRCaller) throws
        -> ExportJobs<BulkExportRequest>.Job
    {
        let id = context.parameters.get("job") ?? ""
        guard let job = jobs.of(caller).job(id),
            job.request.client == caller.client
        else {
            throw FHIRError(
                status: 404, code: "not-found",
                "There is no bulk export \(id) here: exports live in the healthd that took their kick-off, which keeps "
                    + "the last \(ExportJobs<BulkExportRequest>.kept)")
        }
        return job
    }

    /// Writes each asked type's resources to `<Type>.ndjson` in the job's folder.
    private static func run(
        _ job: ExportJobs<BulkExportRequest>.Job, server: FHIRServer, exports: ExportJobs<BulkExportRequest>
    ) async {
        do {
            let written = try await offload { () async throws -> Int in
                var written = 0
                for type in job.request.types {
                    let file = try ExportFile(creating: job.folder.appendingPathComponent(type + ".ndjson"))
                    switch type {
                    case "Patient":
                        try file.write(try await server.patient() + "\n")
                        written += 1
                    default:
                        written += try await server.forEachObservation(pageSize: 1000) { json in
                            try file.write(json + "\n")
                        }
                    }
                    try file.close()
                    exports.update(job.id, to: .running(records: written))
                }
                return written
            }
            let bytes = fileNames(of: job).reduce(Int64(0)) { total, name in
                let path = job.folder.appendingPathComponent(name).path
                return total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0)
            }
            exports.update(job.id, to: .finished(records: written, bytes: bytes))
        } catch {
            exports.update(job.id, to: .failed(APIError(from: error).error.message))
        }
    }

    /// The files a finished job wrote: one per type asked for.
    private static func fileNames(of job: ExportJobs<BulkExportRequest>.Job) -> [String] {
        job.request.types.map { $0 + ".ndjson" }
    }

    /// The Bulk Data manifest of a finished export.
    private static func manifest(_ job: ExportJobs<BulkExportRequest>.Job, fileURL: String) -> String {
        let output = fileNames(of: job).map { name -> [String: String] in
            ["type": String(name.dropLast(".ndjson".count)), "url": fileURL + name]
        }
        let manifest: [String: Any] = [
            "transactionTime": ISO8601DateFormatter().string(from: job.request.transactionTime),
            "request": job.request.url, "requiresAccessToken": true, "output": output, "error": [Any](),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A file, streamed.
    private static func download(_ file: URL) async throws -> Response {
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64) ?? 0
        return Response(
            status: .ok, headers: [.contentType: "application/fhir+ndjson", .cacheControl: "no-store"],
            body: FileBody.streamed(file, size: size))
    }
}

/// Each caller's bulk exports, made on their first kick-off: in `<store>.fhir-exports/user-<id>/<owner or client
/// id>/`, so that no caller's files are within another's reach.
final class BulkExportJobs: Sendable {
    private let directory: URL
    private let byCaller = Locked<[String: ExportJobs<BulkExportRequest>]>([:])

    init(storePath: String) {
        directory = URL(fileURLWithPath: storePath + ".fhir-exports")
    }

    func of(_ caller: FHIRCaller) -> ExportJobs<BulkExportRequest> {
        // A client id is base64url: a path component as it is.
        let folder = directory.appendingPathComponent("user-\(caller.user.id)").appendingPathComponent(
            caller.client.map { "client-" + $0 } ?? "owner")
        return byCaller.withLock { jobs in
            if let known = jobs[folder.path] { return known }
            let made = ExportJobs<BulkExportRequest>(directory: folder)
            jobs[folder.path] = made
            return made
        }
    }
}

extension HTTPField.Name {
    /// How far a bulk export has come (Bulk Data Access).
    static let xProgress = HTTPField.Name("X-Progress")!
    static let prefer = HTTPField.Name("Prefer")!
}
