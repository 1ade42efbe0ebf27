import HealthWeb
import OpenHealthKitEngine
import OpenHealthKitExchange

/// The user's ingest keys as Sources lists and revokes them: `hk ingest-keys`' keys on the daemon's own engine, with
/// names and dates only (never a secret's hash).
extension DaemonWebHost {
    func ingestKeys() throws -> [IngestKeySummary] {
        try IngestKeys(engine: user.engine).list().map {
            IngestKeySummary(
                name: $0.name, created: $0.created, lastPush: $0.lastPush, lastPushTimeZone: $0.lastPushTimeZone)
        }
    }

    func revokeIngestKey(named name: String) throws -> Bool {
        do {
            try IngestKeys(engine: user.engine).revoke(name: name)
            return true
        } catch is IngestKeyError {
            // The only refusal of a revoke: no key has this name.
            return false
        }
    }
}
