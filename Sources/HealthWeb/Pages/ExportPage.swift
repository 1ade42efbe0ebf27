import Foundation
import Hummingbird
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel

/// Export All Health Data, from Me as in Health: the whole store in Apple's export format (a zip, as the Health app
/// makes it), as a FHIR R4 Bundle or as CSV files, the forms `hk export` writes. The export runs as a job on a thread
/// of its own; its page follows it ("12,000 records written") and then offers the file, which is sent to the
/// signed-in owner only, streamed from disk. Each export is in the access log.
struct ExportJobPage: Sendable {
    let chrome: Chrome
    let format: String
    let started: String
    let running: Bool
    let progress: String
    let failure: String?
    let downloadHref: String?
    let fileName: String
    let size: String?
}

extension HealthWebApp {
    func addExportRoutes(to router: Router<BasicRequestContext>) {
        action(router, WebRoutes.export) { [self] web in
            guard let format = web.form["format"].flatMap(WebExportFormat.init(rawValue:)) else {
                throw WebError.badRequest("Choose what to export: Apple Health, FHIR or CSV.")
            }
            let exports = web.exports, host = web.host
            guard let job = try await blocking({ try exports.begin(format) }) else {
                return redirect(
                    web, to: WebRoutes.me.path() + "#export",
                    message: "An export is already running: wait until it has finished.",
                    isError: true)
            }
            Task {
                do {
                    let records = try await host.exportHealthData(format, to: job.file) { written in
                        exports.update(job.id, to: .running(records: written))
                    }
                    let size = try FileManager.default.attributesOfItem(atPath: job.file.path)[.size] as? Int64
                    exports.update(job.id, to: .finished(records: records, bytes: size ?? 0))
                    await host.audit("export", types: [], count: records, errorCode: nil)
                } catch {
                    let failure = HKError.from(error)
                    exports.update(job.id, to: .failed(MessageText.forPeople(failure.message)))
                    await host.audit("export", types: [], count: 0, errorCode: failure.code.rawValue)
                }
            }
            return redirect(web, to: WebRoutes.exportJob.path(job.id))
        }

        page(router, WebRoutes.exportJob) { [self] web in
            let job = try exportJob(web)
            let dates = try await pageDates(web.host)
            var progress = "", failure: String?, size: String?, downloadHref: String?
            switch job.state {
            case .running(let records):
                progress = "Exporting… \(ProgressText.count(records)) records written."
            case .finished(let records, let bytes):
                progress = "Done: \(ProgressText.count(records)) records."
                size = ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
                downloadHref = WebRoutes.exportDownload.path(job.id)
            case .failed(let message):
                progress = "The export failed."
                failure = message
            }
            return await renderer.html(
                "export-job",
                ExportJobPage(
                    chrome: chrome(web, title: "Export", section: .me), format: job.request.label,
                    started: dates.dateTime(job.started), running: job.isRunning, progress: progress,
                    failure: failure, downloadHref: downloadHref, fileName: job.request.fileName, size: size))
        }

        page(router, WebRoutes.exportDownload) { [self] web in
            let job = try exportJob(web)
            guard case .finished(_, let bytes) = job.state else {
                throw WebError.notFound("This export is not ready to download.")
            }
            let body = FileBody.streamed(job.file, size: bytes)
            var headers = HTTPFields()
            headers[.contentType] = job.request.contentType
            headers[.contentDisposition] = "attachment; filename=\"\(job.request.fileName)\""
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    private func exportJob(_ web: WebRequest) throws -> ExportJobs<WebExportFormat>.Job {
        guard let job = web.exports.job(try web.parameter("id")) else {
            throw WebError.notFound(
                "Health has no export at this address: it keeps the last \(ExportJobs<WebExportFormat>.kept).")
        }
        return job
    }
}
