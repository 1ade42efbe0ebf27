import Foundation
import OpenHealthKitModel

extension HealthEngine {
    /// The stored records a read of `query` selects, as rows rather than objects, each correlation with its members
    /// and each electrocardiogram with its voltages: what exchange formats read page by page (healthd's FHIR API). Only the owner reads them (``export(_:to:as:)``'s
    /// rule): whoever narrows the owner's view (a FHIR client's scopes) narrows `query` first.
    package func records(_ query: RowQuery, as principal: Principal) async throws -> [ExportRecord] {
        try checkOwner(principal)
        return try await storageCall {
            var records: [ExportRecord] = []
            for row in try await storage.fetch(query) {
                var record = ExportRecord(sample: row)
                if HKObjectType.type(forRawIdentifier: row.typeIdentifier) is HKCorrelationType {
                    record.members = try await storage.fetch(
                        RowQuery(typeIdentifiers: [], condition: .memberOf(row.uuid), sort: [RowSort(.startDate)])
                    ).map { ExportRecord(sample: $0) }
                }
                if case .electrocardiogram = row.detail {
                    record.electrocardiogramLeads = try storage.electrocardiogramLeads(of: row.uuid)
                }
                records.append(record)
            }
            return records
        }
    }
}
