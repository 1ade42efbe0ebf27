package import Foundation
import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage: SampleDetailStorage {
    package func forEachQuantitySeriesValue(ofSample uuid: UUID, _ body: (QuantitySeriesValueRow) throws -> Void)
        throws
    {
        try writer.read { db in
            let reader = SampleDetailBulkReader(db)
            guard let id = try reader.sampleID(uuid) else { return }
            try reader.forEachValue(ofSample: id, body)
        }
    }

    package func heartbeatSeriesBeats(of uuid: UUID) throws -> [HeartbeatSeriesBeatRow] {
        try writer.read { db in
            let reader = SampleDetailBulkReader(db)
            return try reader.sampleID(uuid).map { try reader.beats(ofSample: $0) } ?? []
        }
    }

    package func electrocardiogramLeads(of uuid: UUID) throws -> [ElectrocardiogramLeadRow] {
        try writer.read { db in
            let reader = SampleDetailBulkReader(db)
            return try reader.sampleID(uuid).map { try reader.leads(ofSample: $0) } ?? []
        }
    }
}
