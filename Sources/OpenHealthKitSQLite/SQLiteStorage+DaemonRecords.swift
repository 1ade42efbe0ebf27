package import Foundation
import GRDB
package import OpenHealthKitEngine
import OpenHealthKitModel

extension SQLiteStorage: DaemonRecordStorage {
    package func registeredApps() throws -> [RegisteredApp] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM registered_app").map { row in
                let manifest = try JSONDecoder().decode(AppManifest.self, from: Data((row["manifest"] as String).utf8))
                return RegisteredApp(
                    manifest: manifest, registeredAt: Date(timeIntervalSince1970: row["registered_at"]),
                    credentialID: row["credential_id"],
                    credentialIssuedAt: Date(timeIntervalSince1970: row["credential_issued_at"]),
                    credentialExpiresAt: Date(timeIntervalSince1970: row["credential_expires_at"]),
                    revokedAt: (row["revoked_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    package func saveRegisteredApp(_ app: RegisteredApp) throws {
        let manifest = String(decoding: try JSONEncoder().encode(app.manifest), as: UTF8.self)
        try writer.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO registered_app (bundle_identifier, manifest, registered_at, credential_id,
                        credential_issued_at, credential_expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    app.bundleIdentifier, manifest, app.registeredAt.timeIntervalSince1970, app.credentialID,
                    app.credentialIssuedAt.timeIntervalSince1970, app.credentialExpiresAt.timeIntervalSince1970,
                    app.revokedAt?.timeIntervalSince1970,
                ])
        }
    }

    package func pendingAuthorizations() throws -> [PendingAuthorizationRecord] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pending_authorization ORDER BY created_at").compactMap { row in
                guard let id = UUID(uuidString: row["id"]) else { return nil }
                let share: String = row["to_share"], read: String = row["to_read"]
                return PendingAuthorizationRecord(
                    id: id, app: row["bundle_identifier"], toShare: share.split(separator: " ").map(String.init),
                    toRead: read.split(separator: " ").map(String.init),
                    createdAt: Date(timeIntervalSince1970: row["created_at"]))
            }
        }
    }

    package func savePendingAuthorization(_ request: PendingAuthorizationRecord) throws {
        try writer.write { db in
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO pending_authorization (id, bundle_identifier, to_share, to_read, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    request.id.uuidString, request.app, request.toShare.joined(separator: " "),
                    request.toRead.joined(separator: " "),
                    request.createdAt.timeIntervalSince1970,
                ])
        }
    }

    package func removePendingAuthorizations(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try writer.write { db in
            for id in ids {
                try db.execute(sql: "DELETE FROM pending_authorization WHERE id = ?", arguments: [id.uuidString])
            }
        }
    }

    package func appendAuditEntry(_ entry: AuditEntry) throws {
        try writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO audit_entry (time, app, operation, types, sample_count, error_code, subject) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    entry.time.timeIntervalSince1970, entry.app, entry.operation, entry.types.joined(separator: " "),
                    entry.sampleCount, entry.errorCode, entry.subject,
                ])
        }
    }

    package func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let app = query.app {
            conditions.append("app = ?")
            arguments += [app]
        }
        if let since = query.since {
            conditions.append("time >= ?")
            arguments += [since.timeIntervalSince1970]
        }
        if let afterID = query.afterID {
            conditions.append("id > ?")
            arguments += [afterID]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments += [query.limit]
        return try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM audit_entry \(filter) ORDER BY id LIMIT ?", arguments: arguments)
                .map { row in
                    let types: String = row["types"]
                    return AuditEntry(
                        id: row["id"], time: Date(timeIntervalSince1970: row["time"]), app: row["app"],
                        operation: row["operation"],
                        types: types.split(separator: " ").map(String.init), sampleCount: row["sample_count"],
                        errorCode: row["error_code"], subject: row["subject"])
                }
        }
    }

    package func importJobs() throws -> [ImportJobRecord] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM import_job ORDER BY started_at, id").map { row in
                ImportJobRecord(
                    id: row["id"], fileName: row["file_name"],
                    startedAt: Date(timeIntervalSince1970: row["started_at"]),
                    updatedAt: Date(timeIntervalSince1970: row["updated_at"]), state: row["state"],
                    detail: row["detail"])
            }
        }
    }

    package func saveImportJob(_ job: ImportJobRecord) throws {
        try writer.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO import_job (id, file_name, started_at, updated_at, state, detail)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    job.id, job.fileName, job.startedAt.timeIntervalSince1970, job.updatedAt.timeIntervalSince1970,
                    job.state, job.detail,
                ])
        }
    }

    package func removeImportJobs(_ ids: [String]) throws {
        guard !ids.isEmpty else { return }
        try writer.write { db in
            for id in ids { try db.execute(sql: "DELETE FROM import_job WHERE id = ?", arguments: [id]) }
        }
    }
}
