import Foundation
import GRDBSQLite

/// Thin, allocation-free binding of values to a prepared statement: the bulk write path binds millions of rows.
struct SQLiteBinding {
    let statement: OpaquePointer

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }

    func bind(_ value: Int64?, at index: Int32) {
        if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }

    func bind(_ value: String?, at index: Int32) {
        guard var text = value else {
            sqlite3_bind_null(statement, index)
            return
        }
        text.withUTF8 { bytes in
            _ = sqlite3_bind_text(
                statement, index, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                Int32(bytes.count), Self.transient)
        }
    }

    func bind(_ uuid: UUID, at index: Int32) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, 16, Self.transient)
        }
    }
}

extension UUID {
    /// The 16 bytes of a UUID stored as a blob.
    init?(blob data: Data) {
        guard data.count == 16 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { $0.copyBytes(from: data) }
        self.init(uuid: bytes)
    }

    var blob: Data { withUnsafeBytes(of: uuid) { Data($0) } }
}
