package import Foundation

/// A value a shared statement binds; each ``SQLDialect`` binds it as its database stores such values.
package enum SQLValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    /// A UUID: a 16-byte blob on SQLite, a `uuid` on PostgreSQL.
    case uuid(UUID)
    /// Bytes as they are (SQLite's empty blob for "no activity", say).
    case bytes(Data)
}
