package import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

extension PostgresStorage: DaemonRecordStorage {
    package func registeredApps() throws -> [RegisteredApp] {
        try registeredApps(only: nil)
    }

    /// The user's registered apps, or the one with this bundle identifier.
    func registeredApps(only bundleIdentifier: String?) throws -> [RegisteredApp] {
        try session { session in
            var binds = Binds()
            var condition = "user_id = \(binds.add(user))"
            if let bundleIdentifier { condition += " AND bundle_identifier = \(binds.add(bundleIdentifier))" }
            return try session.query(
                """
                SELECT manifest, registered_at, credential_id, credential_issued_at, credential_expires_at, revoked_at
                FROM registered_app WHERE \(condition)
                """, binds.bindings
            ).map { row in
                var cells = Cells(row)
                let manifest = try JSONDecoder().decode(AppManifest.self, from: Data(try cells.next(String.self).utf8))
                return RegisteredApp(
                    manifest: manifest, registeredAt: Date(timeIntervalSince1970: try cells.next()),
                    credentialID: try cells.next(), credentialIssuedAt: Date(timeIntervalSince1970: try cells.next()),
                    credentialExpiresAt: Date(timeIntervalSince1970: try cells.next()),
                    revokedAt: try cells.next(Double?.self).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    package func saveRegisteredApp(_ app: RegisteredApp) throws {
        let manifest = String(decoding: try JSONEncoder().encode(app.manifest), as: UTF8.self)
        try session { session in
            var binds = Binds()
            let values = [
                binds.add(user), binds.add(app.bundleIdentifier), binds.add(manifest),
                binds.add(app.registeredAt.timeIntervalSince1970), binds.add(app.credentialID),
                binds.add(app.credentialIssuedAt.timeIntervalSince1970),
                binds.add(app.credentialExpiresAt.timeIntervalSince1970),
                binds.add(app.revokedAt?.timeIntervalSince1970),
            ]
            try session.execute(
                """
                INSERT INTO registered_app (user_id, bundle_identifier, manifest, registered_at, credential_id,
                                            credential_issued_at, credential_expires_at, revoked_at)
                VALUES (\(values.joined(separator: ", ")))
                ON CONFLICT (user_id, bundle_identifier) DO UPDATE SET
                    manifest = EXCLUDED.manifest, registered_at = EXCLUDED.registered_at,
                    credential_id = EXCLUDED.credential_id, credential_issued_at = EXCLUDED.credential_issued_at,
                    credential_expires_at = EXCLUDED.credential_expires_at, revoked_at = EXCLUDED.revoked_at
                """, binds.bindings)
        }
    }

    package func pendingAuthorizations() throws -> [PendingAuthorizationRecord] {
        try session { session in
            var binds = Binds()
            let user = binds.add(user)
            return try session.query(
                """
                SELECT id, bundle_identifier, to_share, to_read, created_at FROM pending_authorization
                WHERE user_id = \(user) AND answer IS NULL ORDER BY created_at
                """, binds.bindings
            ).map { row in
                var cells = Cells(row)
                let id: UUID = try cells.next(), app: String = try cells.next()
                let share: String = try cells.next(), read: String = try cells.next()
                return PendingAuthorizationRecord(
                    id: id, app: app, toShare: share.split(separator: " ").map(String.init),
                    toRead: read.split(separator: " ").map(String.init),
                    createdAt: Date(timeIntervalSince1970: try cells.next()))
            }
        }
    }

    package func savePendingAuthorization(_ request: PendingAuthorizationRecord) throws {
        try session { session in
            var binds = Binds()
            let values = [
                binds.add(user), binds.add(request.id), binds.add(request.app),
                binds.add(request.toShare.joined(separator: " ")), binds.add(request.toRead.joined(separator: " ")),
                binds.add(request.createdAt.timeIntervalSince1970),
            ]
            try session.execute(
                """
                INSERT INTO pending_authorization (user_id, id, bundle_identifier, to_share, to_read, created_at)
                VALUES (\(values.joined(separator: ", ")))
                ON CONFLICT (user_id, id) DO UPDATE SET bundle_identifier = EXCLUDED.bundle_identifier,
                    to_share = EXCLUDED.to_share, to_read = EXCLUDED.to_read, created_at = EXCLUDED.created_at
                """, binds.bindings)
        }
    }

    package func removePendingAuthorizations(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try session { session in
            var binds = Binds()
            let user = binds.add(user), list = binds.add(ids)
            try session.execute(
                "DELETE FROM pending_authorization WHERE user_id = \(user) AND id = ANY(\(list)::uuid[])",
                binds.bindings)
        }
    }

    /// One statement: the user's audit counter row is incremented (and locked until the statement commits), so ids
    /// follow commit order.
    package func appendAuditEntry(_ entry: AuditEntry) throws {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), time = binds.add(entry.time.timeIntervalSince1970)
            let app = binds.add(entry.app), operation = binds.add(entry.operation)
            let types = binds.add(entry.types.joined(separator: " ")), count = binds.add(Int64(entry.sampleCount))
            let code = binds.add(entry.errorCode.map(Int64.init)), subject = binds.add(entry.subject)
            try session.execute(
                """
                WITH next AS (
                    UPDATE audit_sequence SET value = value + 1 WHERE user_id = \(user) RETURNING value)
                INSERT INTO audit_entry (user_id, id, time, app, operation, types, sample_count, error_code, subject)
                SELECT \(user), next.value, \(time), \(app), \(operation), \(types), \(count), \(code), \(subject)
                FROM next
                """, binds.bindings)
        }
    }

    package func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        try session { session in
            var binds = Binds()
            var conditions = ["user_id = \(binds.add(user))"]
            if let app = query.app { conditions.append("app = \(binds.add(app))") }
            if let since = query.since { conditions.append("time >= \(binds.add(since.timeIntervalSince1970))") }
            if let afterID = query.afterID { conditions.append("id > \(binds.add(afterID))") }
            // As in SQLite, a negative limit is none (LIMIT NULL).
            let limit = binds.add(query.limit < 0 ? nil : Int64(query.limit))
            return try session.query(
                """
                SELECT id, time, app, operation, types, sample_count, error_code, subject FROM audit_entry
                WHERE \(conditions.joined(separator: " AND ")) ORDER BY id LIMIT \(limit)
                """, binds.bindings
            ).map { row in
                var cells = Cells(row)
                let id: Int64 = try cells.next(), time: Double = try cells.next()
                let app: String = try cells.next(), operation: String = try cells.next(),
                    types: String = try cells.next()
                let count: Int64 = try cells.next(), code: Int64? = try cells.next()
                return AuditEntry(
                    id: id, time: Date(timeIntervalSince1970: time), app: app, operation: operation,
                    types: types.split(separator: " ").map(String.init), sampleCount: Int(count),
                    errorCode: code.map(Int.init), subject: try cells.next())
            }
        }
    }

    package func importJobs() throws -> [ImportJobRecord] {
        try session { session in
            var binds = Binds()
            let user = binds.add(user)
            return try session.query(
                """
                SELECT id, file_name, started_at, updated_at, state, detail FROM import_job
                WHERE user_id = \(user) ORDER BY started_at, id
                """, binds.bindings
            ).map { row in
                var cells = Cells(row)
                return ImportJobRecord(
                    id: try cells.next(), fileName: try cells.next(),
                    startedAt: Date(timeIntervalSince1970: try cells.next()),
                    updatedAt: Date(timeIntervalSince1970: try cells.next()), state: try cells.next(),
                    detail: try cells.next())
            }
        }
    }

    package func saveImportJob(_ job: ImportJobRecord) throws {
        try session { session in
            var binds = Binds()
            let values = [
                binds.add(user), binds.add(job.id), binds.add(job.fileName),
                binds.add(job.startedAt.timeIntervalSince1970), binds.add(job.updatedAt.timeIntervalSince1970),
                binds.add(job.state), binds.add(job.detail),
            ]
            try session.execute(
                """
                INSERT INTO import_job (user_id, id, file_name, started_at, updated_at, state, detail)
                VALUES (\(values.joined(separator: ", ")))
                ON CONFLICT (user_id, id) DO UPDATE SET file_name = EXCLUDED.file_name,
                    started_at = EXCLUDED.started_at, updated_at = EXCLUDED.updated_at, state = EXCLUDED.state,
                    detail = EXCLUDED.detail
                """, binds.bindings)
        }
    }

    package func removeImportJobs(_ ids: [String]) throws {
        guard !ids.isEmpty else { return }
        try session { session in
            var binds = Binds()
            let user = binds.add(user), list = binds.add(ids)
            try session.execute(
                "DELETE FROM import_job WHERE user_id = \(user) AND id = ANY(\(list)::text[])", binds.bindings)
        }
    }
}
