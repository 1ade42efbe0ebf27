package import Foundation
import NIOCore
package import OpenHealthKitEngine
import PostgresNIO

extension PostgresStorage: AttachmentStorage {
    package func addAttachment(_ attachment: AttachmentRow, data: Data) throws {
        try session { session in
            try session.transaction {
                var binds = Binds()
                let user = binds.add(user), object = binds.add(attachment.objectUUID)
                guard
                    let sampleID = try session.query(
                        "SELECT id FROM sample WHERE user_id = \(user) AND uuid = \(object)", binds.bindings
                    ).first?.decode(Int64.self)
                else { throw StorageError.missingParent(attachment.objectUUID) }
                var insert = Binds()
                let values = [
                    insert.add(self.user), insert.add(attachment.identifier), insert.add(sampleID),
                    insert.add(attachment.name), insert.add(attachment.contentType), insert.add(Int64(attachment.size)),
                    insert.add(attachment.creationDate), insert.add(attachment.metadata),
                    insert.add(ByteBuffer(bytes: data)),
                ]
                let stored = try session.execute(
                    """
                    INSERT INTO attachment (user_id, uuid, sample_id, name, content_type, size, creation_date, metadata,
                                            data)
                    VALUES (\(values.joined(separator: ", "))) ON CONFLICT (user_id, uuid) DO NOTHING
                    """, insert.bindings)
                guard stored == 1 else { throw StorageError.duplicateUUID(attachment.identifier) }
            }
        }
    }

    package func attachments(of objectUUID: UUID) throws -> [AttachmentRow] {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), object = binds.add(objectUUID)
            return try session.query(
                """
                SELECT a.uuid, a.name, a.content_type, a.size, a.creation_date, a.metadata
                FROM attachment a JOIN sample s ON s.user_id = a.user_id AND s.id = a.sample_id
                WHERE s.user_id = \(user) AND s.uuid = \(object) ORDER BY a.creation_date, a.id
                """, binds.bindings
            ).map { try Self.attachmentRow($0, objectUUID: objectUUID) }
        }
    }

    package func attachment(_ identifier: UUID) throws -> AttachmentRow? {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), identifier = binds.add(identifier)
            guard
                let row = try session.query(
                    """
                    SELECT a.uuid, a.name, a.content_type, a.size, a.creation_date, a.metadata, s.uuid
                    FROM attachment a JOIN sample s ON s.user_id = a.user_id AND s.id = a.sample_id
                    WHERE a.user_id = \(user) AND a.uuid = \(identifier)
                    """, binds.bindings
                ).first
            else { return nil }
            return try Self.attachmentRow(row, objectUUID: try row.makeRandomAccess()[6].decode(UUID.self))
        }
    }

    /// One snapshot; each chunk is a `substring` of the bytes, so at most one chunk is in memory at a time.
    package func readAttachmentData(_ identifier: UUID, chunkSize: Int, _ body: (Data) throws -> Bool) throws -> Bool {
        try snapshot { session in
            var binds = Binds()
            let user = binds.add(user), uuid = binds.add(identifier)
            guard
                let (id, size) = try session.query(
                    "SELECT id, size FROM attachment WHERE user_id = \(user) AND uuid = \(uuid)", binds.bindings
                ).first?.decode((Int64, Int64).self)
            else { return false }
            let chunk = Int64(max(1, chunkSize))
            var offset: Int64 = 0
            repeat {
                var read = Binds()
                let owner = read.add(self.user), attachment = read.add(id)
                let from = read.add(offset + 1), length = read.add(chunk)
                let bytes = try session.query(
                    """
                    SELECT substring(data FROM \(from)::int4 FOR \(length)::int4) FROM attachment
                    WHERE user_id = \(owner) AND id = \(attachment)
                    """, read.bindings
                ).first?.decode(ByteBuffer.self)
                offset += chunk
                guard try body(bytes.map { Data($0.readableBytesView) } ?? Data()) else { return true }
            } while offset < size
            return true
        }
    }

    package func removeAttachment(_ identifier: UUID, from objectUUID: UUID) throws -> Bool {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), identifier = binds.add(identifier), object = binds.add(objectUUID)
            return try session.execute(
                """
                DELETE FROM attachment a USING sample s
                WHERE a.user_id = \(user) AND a.uuid = \(identifier)
                  AND s.user_id = a.user_id AND s.id = a.sample_id AND s.uuid = \(object)
                """, binds.bindings) > 0
        }
    }

    private static func attachmentRow(_ row: PostgresRow, objectUUID: UUID) throws -> AttachmentRow {
        var cells = Cells(row)
        return AttachmentRow(
            identifier: try cells.next(), objectUUID: objectUUID, name: try cells.next(), contentType: try cells.next(),
            size: Int(try cells.next(Int64.self)), creationDate: try cells.next(), metadata: try cells.next())
    }
}
