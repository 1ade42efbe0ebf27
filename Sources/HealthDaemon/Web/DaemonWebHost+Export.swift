import Foundation
import HealthWeb
import OpenHealthKitEngine
import OpenHealthKitExchange

/// Health's Export All Health Data: `hk export`'s exporter on the daemon's own engine, as the owner.
extension DaemonWebHost {
    /// `<store>.exports/`, beside the store, for the owner; `<store>.exports/user-<id>/` for each other user of a
    /// database, so that no user's export is within another's reach.
    var exportDirectory: URL {
        let exports = URL(fileURLWithPath: daemon.configuration.storePath + ".exports")
        return user.id == daemon.users.owner.id ? exports : exports.appendingPathComponent("user-\(user.id)")
    }

    /// Runs the exporter on a thread of its own (an export blocks for as long as it takes).
    func exportHealthData(
        _ format: WebExportFormat, to destination: URL, progress: @escaping @Sendable (Int) -> Void
    ) async throws -> Int {
        let engine = user.engine
        let summary = try await Self.onThread {
            let exported: ExportFormat =
                switch format {
                case .appleXML: .appleXML
                case .fhir: .fhir
                case .csv: .csv
                }
            let request = ExportRequest(
                format: exported, destination: destination,
                timeZone: try engine.blocking { try await $0.ownerTimeZone() } ?? .current)
            return try HealthExporter(engine: engine).export(request, progress: progress)
        }
        return summary.records.values.reduce(0, +) + summary.activitySummaries + summary.clinicalRecords
            + summary.unrecognizedRecords
    }
}
