package import Foundation

/// A SMART Health Link the owner made in Health to share chosen data with a clinician (docs/FHIR.md, "SMART Health
/// Links"). Kept as a settings row, with its encrypted file in a row of its own, so that every healthd serving the
/// store answers the link, and removing the rows ends it everywhere.
///
/// The store keeps no secret that opens the data: the link's own secret (the last part of its manifest URL) only as a
/// SHA-256, its passcode only salted and hashed, and the file encrypted with a key that exists only in the link.
package struct HealthLinkRecord: Codable, Sendable, Equatable {
    /// Who opened the link, and when.
    package struct Opening: Codable, Sendable, Equatable {
        package var recipient: String
        /// Seconds since 1970.
        package var at: Double

        package init(recipient: String, at: Double) {
            self.recipient = recipient
            self.at = at
        }
    }

    /// The link's public id (Health's Remove button names it; the manifest URL carries it beside the secret).
    package var id: String
    package var label: String
    /// The SHA-256 (hex) of the secret in the manifest URL.
    package var secretDigest: String
    /// The salt and SHA-256 (hex) of the passcode.
    package var passcodeSalt: String
    package var passcodeDigest: String
    /// Wrong passcodes still allowed over the link's life; at 0 the link is disabled for good.
    package var remainingAttempts: Int
    /// Seconds since 1970.
    package var created: Double
    package var expires: Double
    /// The sample types shared, by identifier, and the start of the period shared (nil: all time).
    package var typeIdentifiers: [String]
    package var since: Double?
    /// How many FHIR resources the file holds.
    package var resourceCount: Int
    /// The latest openings, newest last (at most ``maximumOpenings``).
    package var openings: [Opening] = []

    package static let maximumOpenings = 20

    package init(
        id: String, label: String, secretDigest: String, passcodeSalt: String, passcodeDigest: String,
        remainingAttempts: Int, created: Double, expires: Double, typeIdentifiers: [String], since: Double?,
        resourceCount: Int
    ) {
        self.id = id
        self.label = label
        self.secretDigest = secretDigest
        self.passcodeSalt = passcodeSalt
        self.passcodeDigest = passcodeDigest
        self.remainingAttempts = remainingAttempts
        self.created = created
        self.expires = expires
        self.typeIdentifiers = typeIdentifiers
        self.since = since
        self.resourceCount = resourceCount
    }

    /// Whether the link still answers at `now`: not expired, not disabled by wrong passcodes.
    package func isActive(now: Double) -> Bool {
        now < expires && remainingAttempts > 0
    }

    /// The record with one more opening noted (the oldest dropped past ``maximumOpenings``).
    package func opened(by recipient: String, at now: Double) -> HealthLinkRecord {
        var record = self
        record.openings = Array((openings + [Opening(recipient: recipient, at: now)]).suffix(Self.maximumOpenings))
        return record
    }
}

extension HealthEngine {
    private static let healthLinkPrefix = "healthLink/"
    /// The encrypted files, apart from the records so that listing the links never reads them.
    private static let healthLinkFilePrefix = "healthLinkFile/"

    /// Every SMART Health Link of the store, newest first.
    package func healthLinks() async throws -> [HealthLinkRecord] {
        try await storageCall { try await storage.settings(withPrefix: Self.healthLinkPrefix) }.values
            .compactMap { SettingsJSON.decode(HealthLinkRecord.self, $0) }
            .sorted { ($0.created, $0.id) > ($1.created, $1.id) }
    }

    /// The link with this id, nil when there is none (never made, or removed).
    package func healthLink(_ id: String) async throws -> HealthLinkRecord? {
        try await storageCall { try await storage.setting(Self.healthLinkPrefix + id) }
            .flatMap { SettingsJSON.decode(HealthLinkRecord.self, $0) }
    }

    /// The link's encrypted file (a compact JWE), nil when the link is gone.
    package func healthLinkFile(_ id: String) async throws -> String? {
        try await storageCall { try await storage.setting(Self.healthLinkFilePrefix + id) }
    }

    /// Stores a new link with its file, in one transaction.
    package func addHealthLink(_ record: HealthLinkRecord, file: String) async throws {
        try await storageCall {
            try await storage.setSettings([
                Self.healthLinkPrefix + record.id: SettingsJSON.encode(record),
                Self.healthLinkFilePrefix + record.id: file,
            ])
        }
    }

    /// Replaces a link's record (its attempts left, its openings); its file stays.
    package func updateHealthLink(_ record: HealthLinkRecord) async throws {
        try await storageCall {
            try await storage.setSettings([Self.healthLinkPrefix + record.id: SettingsJSON.encode(record)])
        }
    }

    /// Removes a link and its file: it answers nothing from now on. False when there was none.
    package func removeHealthLink(_ id: String) async throws -> Bool {
        guard try await healthLink(id) != nil else { return false }
        try await storageCall {
            try await storage.setSettings([Self.healthLinkPrefix + id: nil, Self.healthLinkFilePrefix + id: nil])
        }
        return true
    }
}
