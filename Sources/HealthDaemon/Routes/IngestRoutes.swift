import Foundation
import HTTPTypes
import HealthWeb
import Hummingbird
import Logging
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitModel
import OpenHealthKitWire

/// `POST /v1/ingest/health-auto-export`: a push of the iOS app Health Auto Export, stored in the ingest key's user's
/// store (docs/INGEST.md).
///
/// The body is streamed to a private file (0600, in the user's upload folder), never held in memory, up to
/// ``maximumBodySize``; then read twice (``AutoExportIngest``): a body that is not a push stores nothing (400), else
/// every record is stored or refused on its own, and the answer lists each item: 200 when nothing was refused, 207
/// otherwise.
struct IngestRoutes {
    let configuration: DaemonConfiguration
    let logger: Logger

    /// 256 MB: a month of second-by-second heart rate is about 50 MB.
    static let maximumBodySize: Int64 = 256 << 20

    func add(to router: RouterGroup<IngestContext>) {
        router.on(WireRoutes.ingestHealthAutoExport) { [self] request, context in
            let caller = try context.caller
            if let length = request.headers[.contentLength].flatMap({ Int64($0) }), length > Self.maximumBodySize {
                throw Self.tooLarge
            }
            let uploads = configuration.uploadDirectory(for: caller.user.id)
            // A push lasts minutes at most: a folder of a day ago is what a healthd that stopped left.
            try await offload { UploadSpool.removeStale("ingest-", in: uploads, olderThan: 86_400) }
            let file = try await UploadSpool.receive(
                request.body, into: uploads, folderPrefix: "ingest-",
                fileName: "push.json", limit: Self.maximumBodySize, tooLarge: Self.tooLarge,
                empty: APIError.badRequest("The body is empty: send Health Auto Export's JSON"))
            defer { UploadSpool.remove(file) }
            let user = caller.user
            let result = try await user.auditor.audited(
                "ingest-key:" + caller.key.name, "ingest.health-auto-export", types: [],
                count: { (result: AutoExportResult) in result.stored }
            ) {
                try await offload {
                    do {
                        let result = try AutoExportIngest(engine: user.engine).ingest(fileAt: file)
                        try IngestKeys(engine: user.engine).notePush(caller.key, timeZone: result.timeZone)
                        return result
                    } catch let error as AutoExportFormatError {
                        throw APIError.badRequest("The body is not a Health Auto Export push: \(error)")
                    }
                }
            }
            logger.info(
                "ingest key \(caller.key.name): stored \(result.stored), already stored \(result.alreadyStored), refused \(result.refused)"
            )
            return JSONResponses.response(result, status: result.isComplete ? .ok : Self.multiStatus)
        }
    }

    /// 207 (RFC 4918): swift-http-types names no such status.
    static let multiStatus = HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status")

    private static var tooLarge: APIError {
        APIError(
            .contentTooLarge,
            HKError(.errorDataSizeExceeded, "The push is larger than healthd accepts (\(maximumBodySize >> 20) MB)"))
    }
}
