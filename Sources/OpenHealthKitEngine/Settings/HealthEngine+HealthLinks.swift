package import Foundation

/// A SMART Health Link the owner made in Health to share chosen data with a clinician (docs/FHIR.md, "SMART Health
/// Links"). Kept as a settings row, with its encrypted file in a row of its own, so that every healthd serving the
/// store answers the link, and removing the rows ends it everywhere. The record never changes once made: what happens
/// to the link (wrong passcodes, openings) is added as rows of their own (``HealthLinkActivity``), so that two healthd
/// answering at once never overwrite each other's count, and nothing written late brings a removed link back.
///
/// The store keeps no secret that opens the data: the link's own secret (the last part of its manifest URL) only as a
/// SHA-256, its passcode only salted and hashed, and the file encrypted with a key that exists only in the link.
package struct HealthLinkRecord: Codable, Sendable, Equatable {
    /// The link's public id (Health's Remove button names it; the manifest URL carries it beside the secret).
    package var id: String
    package var label: String
    /// The SHA-256 (hex) of the secret in the manifest URL.
    package var secretDigest: String
    /// The salt and SHA-256 (hex) of the passcode.
    package var passcodeSalt: String
    package var passcodeDigest: String
    /// Seconds since 1970.
    package var created: Double
    package var expires: Double
    /// The sample types shared, by identifier, and the start of the period shared (nil: all time).
    package var typeIdentifiers: [String]
    package var since: Double?
    /// How many FHIR resources the file holds.
    package var resourceCount: Int

    package init(
        id: String, label: String, secretDigest: String, passcodeSalt: String, passcodeDigest: String,
        created: Double, expires: Double, typeIdentifiers: [String], since: Double?, resourceCount: Int
    ) {
        self.id = id
        self.label = label
        self.secretDigest = secretDigest
        self.passcodeSalt = passcodeSalt
        self.passcodeDigest = passcodeDigest
        self.created = created
        self.expires = expires
        self.typeIdentifiers = typeIdentifiers
        self.since = since
        self.resourceCount = resourceCount
    }
}

/// What happened to a link: its wrong passcodes and its latest openings.
package struct HealthLinkActivity: Sendable, Equatable {
    /// Who opened the link, and when (seconds since 1970).
    package struct Opening: Codable, Sendable, Equatable {
        package var recipient: String
        package var at: Double

        package init(recipient: String, at: Double) {
            self.recipient = recipient
            self.at = at
        }
    }

    package var wrongPasscodes: Int
    /// The latest openings, oldest first (at most ``maximumOpenings``).
    package var openings: [Opening]

    package static let maximumOpenings = 20

    package init(wrongPasscodes: Int, openings: [Opening]) {
        self.wrongPasscodes = wrongPasscodes
        self.openings = openings
    }
}

extension HealthEngine {
    private static let healthLinkPrefix = "healthLink/"
    /// The encrypted files, apart from the records so that listing the links never reads them.
    private static let healthLinkFilePrefix = "healthLinkFile/"
    /// One row per wrong passcode and per opening, under the link's id: rows are only added, never rewritten.
    private static let healthLinkMissPrefix = "healthLinkMiss/"
    private static let healthLinkOpeningPrefix = "healthLinkOpening/"

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

    /// The link's wrong passcodes and latest openings.
    package func healthLinkActivity(_ id: String) async throws -> HealthLinkActivity {
        let misses = try await storageCall { try await storage.settings(withPrefix: Self.missPrefix(id)) }
        let openings = try await storageCall { try await storage.settings(withPrefix: Self.openingPrefix(id)) }
            .sorted { $0.key < $1.key }.compactMap { SettingsJSON.decode(HealthLinkActivity.Opening.self, $0.value) }
        return HealthLinkActivity(
            wrongPasscodes: misses.count, openings: Array(openings.suffix(HealthLinkActivity.maximumOpenings)))
    }

    /// Counts one wrong passcode against the link.
    package func noteHealthLinkMiss(_ id: String, at now: Double) async throws {
        try await storageCall {
            try await storage.setSettings([Self.missPrefix(id) + UUID().uuidString: String(now)])
        }
    }

    /// Notes an opening, and forgets all but the latest ``HealthLinkActivity/maximumOpenings``.
    package func noteHealthLinkOpening(_ id: String, _ opening: HealthLinkActivity.Opening) async throws {
        // Keys sort by time: seconds, zero-padded, then a UUID for openings in the same instant.
        let key = Self.openingPrefix(id) + String(format: "%016.3f", opening.at) + "-" + UUID().uuidString
        let older = try await storageCall { try await storage.settings(withPrefix: Self.openingPrefix(id)) }.keys
            .sorted().dropLast(HealthLinkActivity.maximumOpenings - 1)
        var changes: [String: String?] = [key: SettingsJSON.encode(opening)]
        for stale in older { changes[stale] = .some(nil) }
        try await storageCall { try await storage.setSettings(changes) }
    }

    /// Removes a link, its file and its activity: it answers nothing from now on. False when there was none.
    package func removeHealthLink(_ id: String) async throws -> Bool {
        guard try await healthLink(id) != nil else { return false }
        var changes: [String: String?] = [Self.healthLinkPrefix + id: nil, Self.healthLinkFilePrefix + id: nil]
        for prefix in [Self.missPrefix(id), Self.openingPrefix(id)] {
            for key in try await storageCall({ try await storage.settings(withPrefix: prefix) }).keys {
                changes[key] = .some(nil)
            }
        }
        try await storageCall { [changes] in try await storage.setSettings(changes) }
        return true
    }

    private static func missPrefix(_ id: String) -> String { healthLinkMissPrefix + id + "/" }
    private static func openingPrefix(_ id: String) -> String { healthLinkOpeningPrefix + id + "/" }
}
