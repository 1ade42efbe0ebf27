package import Foundation
import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage: AttachmentStorage {
    package func addAttachment(_ attachment: AttachmentRow, data: Data) throws {
        try writer.write { db in
            guard
                let sampleID = try Int64.fetchOne(
                    db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [attachment.objectUUID.blob])
            else { throw StorageError.missingParent(attachment.objectUUID) }
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM attachment WHERE uuid = ?", arguments: [attachment.identifier.blob])
                    != true
            else { throw StorageError.duplicateUUID(attachment.identifier) }
            try db.execute(
                sql: """
                    INSERT INTO attachment (uuid, sample_id, name, content_type, size, creation_date, metadata, data)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    attachment.identifier.blob, sampleID, attachment.name, attachment.contentType, attachment.size,
                    attachment.creationDate, attachment.metadata, data,
                ])
        }
    }

    package func attachments(of objectUUID: UUID) throws -> [AttachmentRow] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT a.uuid, a.name, a.content_type, a.size, a.creation_date, a.metadata
                    FROM attachment a JOIN sample s ON s.id = a.sample_id
                    WHERE s.uuid = ? ORDER BY a.creation_date, a.id
                    """,
                arguments: [objectUUID.blob]
            ).compactMap { row in Self.attachmentRow(row, objectUUID: objectUUID) }
        }
    }

    package func attachment(_ identifier: UUID) throws -> AttachmentRow? {
        try writer.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT a.uuid, a.name, a.content_type, a.size, a.creation_date, a.metadata, s.uuid
                    FROM attachment a JOIN sample s ON s.id = a.sample_id WHERE a.uuid = ?
                    """,
                arguments: [identifier.blob]
            ).flatMap { row in UUID(blob: row[6]).flatMap { Self.attachmentRow(row, objectUUID: $0) } }
        }
    }

    /// One read transaction; each chunk is a `substr` of the blob, so at most one chunk is in memory at a time.
    package func readAttachmentData(_ identifier: UUID, chunkSize: Int, _ body: (Data) throws -> Bool) throws -> Bool {
        try writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id, size FROM attachment WHERE uuid = ?", arguments: [identifier.blob])
            else { return false }
            let id: Int64 = row[0], size: Int = row[1]
            let chunk = max(1, chunkSize)
            var offset = 0
            repeat {
                let data =
                    try Data.fetchOne(
                        db, sql: "SELECT substr(data, ?, ?) FROM attachment WHERE id = ?",
                        arguments: [offset + 1, chunk, id]) ?? Data()
                offset += chunk
                guard try body(data) else { return true }
            } while offset < size
            return true
        }
    }

    package func removeAttachment(_ identifier: UUID, from objectUUID: UUID) throws -> Bool {
        try writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM attachment WHERE uuid = ?
                    AND sample_id = (SELECT id FROM sample WHERE uuid = ?)
                    """,
                arguments: [identifier.blob, objectUUID.blob])
            return db.changesCount > 0
        }
    }

    private static func attachmentRow(_ row: Row, objectUUID: UUID) -> AttachmentRow? {
        guard let identifier = UUID(blob: row[0]) else { return nil }
        return AttachmentRow(
            identifier: identifier, objectUUID: objectUUID, name: row[1], contentType: row[2], size: row[3],
            creationDate: row[4], metadata: row[5])
    }
}
