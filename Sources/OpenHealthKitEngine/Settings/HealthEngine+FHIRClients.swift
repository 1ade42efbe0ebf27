package import Foundation

/// An outside app the owner registered to read their data through healthd's FHIR API with SMART on FHIR
/// (docs/FHIR.md, "SMART on FHIR"). Kept as a settings row, so that `hk` registers one on the store and every healthd
/// serving the store knows it; removing it ends every token it holds.
package struct FHIRClientRecord: Codable, Sendable, Equatable {
    /// The `client_id`.
    package var id: String
    package var name: String
    /// Where the authorization server may send the browser back: exactly these URIs.
    package var redirectURIs: [String]
    /// The SHA-256 (hex) of a confidential client's secret; nil for a public client (PKCE alone).
    package var secretDigest: String?
    /// When it was registered, seconds since 1970.
    package var created: Double
    /// The ids of the refresh tokens that still work, with when each expires: a refresh replaces its own.
    package var refreshTokens: [String: Double] = [:]
    /// The ids of the authorization codes already exchanged, with when each expires: a code works once.
    package var usedCodes: [String: Double] = [:]

    package init(id: String, name: String, redirectURIs: [String], secretDigest: String?, created: Double) {
        self.id = id
        self.name = name
        self.redirectURIs = redirectURIs
        self.secretDigest = secretDigest
        self.created = created
    }

    /// The record without the codes and refresh tokens that expired before `now`.
    package func pruned(now: Double) -> FHIRClientRecord {
        var record = self
        record.refreshTokens = refreshTokens.filter { $0.value > now }
        record.usedCodes = usedCodes.filter { $0.value > now }
        return record
    }
}

extension HealthEngine {
    private static let fhirClientPrefix = "fhirClient/"

    /// Every registered FHIR client, by name.
    package func fhirClients() async throws -> [FHIRClientRecord] {
        try await storageCall { try await storage.settings(withPrefix: Self.fhirClientPrefix) }.values
            .compactMap { SettingsJSON.decode(FHIRClientRecord.self, $0) }
            .sorted { ($0.name, $0.id) < ($1.name, $1.id) }
    }

    /// The client with this `client_id`, nil when there is none (never registered, or removed).
    package func fhirClient(_ id: String) async throws -> FHIRClientRecord? {
        try await storageCall { try await storage.setting(Self.fhirClientPrefix + id) }
            .flatMap { SettingsJSON.decode(FHIRClientRecord.self, $0) }
    }

    /// Registers a client, or replaces its record.
    package func saveFHIRClient(_ record: FHIRClientRecord) async throws {
        try await storageCall {
            try await storage.setSettings([Self.fhirClientPrefix + record.id: SettingsJSON.encode(record)])
        }
    }

    /// Removes a client; false when there was none.
    package func removeFHIRClient(_ id: String) async throws -> Bool {
        guard try await fhirClient(id) != nil else { return false }
        try await storageCall { try await storage.setSettings([Self.fhirClientPrefix + id: nil]) }
        return true
    }
}
