import Foundation
import HealthWeb
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitModel

/// healthd's SMART Health Links (docs/FHIR.md, "SMART Health Links"): the owner makes one in Health for a clinician
/// (a label, a passcode, an expiry, the types and period shared); healthd exports those samples as a FHIR Bundle,
/// encrypts it with a fresh key (``HealthLinkFile``), keeps the record and the encrypted file in the store, and hands
/// the owner the `shlink:/` link, which alone holds the key: it is shown once and healthd cannot read the file again.
///
/// The link's manifest URL answers `POST` with the manifest: the file embedded when the client takes it that large,
/// otherwise a `location` that works for five minutes (a signed ticket, ``tickets``). A wrong passcode costs one of
/// ``attempts`` over the link's life: each is a row of its own, added before the answer and counted after, so that no
/// two requests (one at a time in a healthd, ``SerialLocks``; several healthd at once) overwrite each other's. At none
/// left, as when expired or removed, the link answers 404 as if it never was. Every opening is noted on the link and
/// in the access log.
struct HealthLinks: Sendable {
    /// Where manifests and files are served.
    static let manifestPath = "shl"
    static let filePath = "shl-file"
    /// Wrong passcodes allowed over a link's life.
    static let attempts = 10
    /// How long a file's `location` works (the specification allows an hour at most).
    static let locationLifetime: TimeInterval = 300
    /// A manifest URL's longest (the specification's bound).
    static let maximumURLLength = 128
    /// A label's longest, in UTF-16 code units (what a receiver's JavaScript counts).
    static let maximumLabelLength = 80
    /// The links a store keeps at once, expired ones included until removed.
    static let maximumLinks = 20

    /// What a file location's ticket carries.
    struct Ticket: Codable {
        var user: Int64
        var link: String
        var exp: Double
    }

    private let tickets: TokenSigner
    private let locks = SerialLocks()

    init(key: [UInt8]) {
        tickets = TokenSigner(prefix: "ohkf1.", key: TokenSigner.key(key, for: "SMART Health Link files"))
    }

    // MARK: Made by the owner

    /// Makes a link of `user`'s as `request` asks, served at `origin` (`http://host:port`); the `shlink:/` text comes
    /// back once. `workFolder` is the user's own, where the Bundle is written before it is encrypted.
    ///
    /// - Throws: `HKError` `errorInvalidArgument` naming what is wrong with the request (nothing to share, too much).
    func make(_ request: HealthLinkRequest, user: UserState, origin: String, workFolder: URL, now: Date = Date())
        async throws -> (record: HealthLinkRecord, link: String)
    {
        let label = request.label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...Self.maximumLabelLength).contains(label.utf16.count) else {
            throw HKError(.errorInvalidArgument, "a label is 1 to \(Self.maximumLabelLength) characters")
        }
        guard (4...64).contains(request.passcode.count) else {
            throw HKError(.errorInvalidArgument, "a passcode is 4 to 64 characters")
        }
        guard (1...365).contains(request.days) else {
            throw HKError(.errorInvalidArgument, "a link lasts 1 to 365 days")
        }
        let types = HealthLinkFile.shareable(request.typeIdentifiers)
        guard !types.isEmpty else { throw HKError(.errorInvalidArgument, "choose the data to share") }
        guard try await user.engine.healthLinks().count < Self.maximumLinks else {
            throw HKError(
                .errorInvalidArgument, "you have \(Self.maximumLinks) links, the most kept: remove one first")
        }
        let token = HealthLinkToken(user: user.id)
        let url = origin + "/" + Self.manifestPath + "/" + token.text
        guard url.count <= Self.maximumURLLength else {
            throw HKError(
                .errorInvalidArgument,
                "this server's address is too long for a SMART Health Link (\(Self.maximumURLLength) characters)")
        }
        let key = RandomBytes.make(CompactJWE.keyByteCount)
        let engine = user.engine
        let zone = try await engine.ownerTimeZone() ?? .current
        try FileManager.default.createDirectory(
            at: workFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let workFile = workFolder.appendingPathComponent("health-link-\(token.id).json")
        let file = try await offload {
            try HealthLinkFile.make(
                engine: engine, typeIdentifiers: types, since: request.since, timeZone: zone, key: key,
                workFile: workFile)
        }
        let salt = Base64URL.encode(RandomBytes.make(16))
        let expires = (now.timeIntervalSince1970 + Double(request.days) * 86_400).rounded(.down)
        let record = HealthLinkRecord(
            id: token.id, label: label, secretDigest: SecretDigest.of(token.secret), passcodeSalt: salt,
            passcodeDigest: SecretDigest.of(Self.salted(request.passcode, salt)), created: now.timeIntervalSince1970,
            expires: expires, typeIdentifiers: types,
            since: request.since?.timeIntervalSince1970, resourceCount: file.records)
        try await engine.addHealthLink(record, file: file.jwe)
        return (record, Self.link(url: url, key: key, expires: expires, label: label))
    }

    /// Ends a link at once (after any request for it being answered). False when there is none.
    func remove(_ id: String, user: UserState) async throws -> Bool {
        try await locks.serialized(Self.lockKey(user: user.id, link: id)) {
            try await user.engine.removeHealthLink(id)
        }
    }

    // MARK: Asked for by a clinician's app

    /// The manifest for `token` (the manifest URL's last segment), answered to `request`; `origin` is where its file
    /// locations point.
    func manifest(
        token text: String, _ request: HealthLinkManifestRequest, users: UserStates, origin: String,
        now: Date = Date()
    ) async throws -> [String: Any] {
        guard let token = HealthLinkToken(text), let user = try await users.state(for: token.user) else {
            throw HealthLinkRefusal.notActive
        }
        let engine = user.engine
        let outcome = try await locks.serialized(Self.lockKey(user: token.user, link: token.id)) {
            () async throws -> ManifestOutcome in
            guard let record = try await engine.healthLink(token.id),
                SecretDigest.matches(token.secret, record.secretDigest),
                now.timeIntervalSince1970 < record.expires
            else { return .refused(.notActive) }
            let wrong = try await engine.healthLinkActivity(record.id).wrongPasscodes
            guard wrong < Self.attempts else { return .refused(.notActive) }
            // No passcode: nothing was guessed, nothing is counted (nor logged).
            guard let passcode = request.passcode else {
                return .refused(.passcode(remainingAttempts: Self.attempts - wrong))
            }
            guard SecretDigest.matches(Self.salted(passcode, record.passcodeSalt), record.passcodeDigest) else {
                try await engine.noteHealthLinkMiss(record.id, at: now.timeIntervalSince1970)
                // Counted after the note: another healthd's misses meanwhile are in the count.
                let counted = try await engine.healthLinkActivity(record.id).wrongPasscodes
                return .wrongPasscode(remainingAttempts: max(0, Self.attempts - counted))
            }
            guard let file = try await engine.healthLinkFile(record.id) else { return .refused(.notActive) }
            try await engine.noteHealthLinkOpening(
                record.id, HealthLinkActivity.Opening(recipient: request.recipient, at: now.timeIntervalSince1970))
            return .opened(record, file: file)
        }
        let caller = "shl:" + request.recipient
        switch outcome {
        case .refused(let refusal):
            throw refusal
        case .wrongPasscode(let remaining):
            await user.auditor.record(
                caller, "shl.manifest", types: [], count: 0,
                errorCode: HKError.Code.errorAuthorizationDenied.rawValue, subject: token.id)
            throw HealthLinkRefusal.passcode(remainingAttempts: remaining)
        case .opened(let record, let file):
            await user.auditor.record(
                caller, "shl.manifest", types: record.typeIdentifiers, count: record.resourceCount, errorCode: nil,
                subject: token.id)
            return manifest(of: record, file: file, user: user.id, request: request, origin: origin, now: now)
        }
    }

    /// What a manifest request came to, under the link's lock.
    private enum ManifestOutcome: Sendable {
        case refused(HealthLinkRefusal)
        /// Counted against the link, and logged.
        case wrongPasscode(remainingAttempts: Int)
        case opened(HealthLinkRecord, file: String)
    }

    /// The encrypted file a `location` ticket names, while the ticket and its link last.
    func file(ticket: String, users: UserStates, now: Date = Date()) async throws -> String {
        guard let claims = tickets.claims(of: ticket, as: Ticket.self), claims.exp > now.timeIntervalSince1970,
            let user = try await users.state(for: claims.user),
            let record = try await user.engine.healthLink(claims.link),
            try await Self.isActive(record, engine: user.engine, now: now),
            let file = try await user.engine.healthLinkFile(claims.link)
        else { throw HealthLinkRefusal.notActive }
        return file
    }

    /// Whether a link still answers at `now`: not expired, not disabled by wrong passcodes.
    static func isActive(_ record: HealthLinkRecord, engine: HealthEngine, now: Date) async throws -> Bool {
        guard now.timeIntervalSince1970 < record.expires else { return false }
        return try await engine.healthLinkActivity(record.id).wrongPasscodes < attempts
    }

    private func manifest(
        of record: HealthLinkRecord, file: String, user: Int64, request: HealthLinkManifestRequest, origin: String,
        now: Date
    ) -> [String: Any] {
        var entry: [String: Any] = [
            "contentType": HealthLinkFile.contentType, "status": "finalized", "fhirVersion": "4.0.1",
            "lastUpdated": Date(timeIntervalSince1970: record.created).formatted(.iso8601),
        ]
        if let largest = request.embeddedLengthMax, file.utf8.count <= largest {
            entry["embedded"] = file
        } else {
            let ticket = tickets.sign(
                Ticket(user: user, link: record.id, exp: now.timeIntervalSince1970 + Self.locationLifetime))
            entry["location"] = origin + "/" + Self.filePath + "/" + ticket
        }
        return ["files": [entry]]
    }

    // MARK: Parts

    /// `shlink:/` and the payload (minified JSON, base64url): the manifest URL, the key, the expiry, the passcode
    /// flag and the label.
    private static func link(url: String, key: [UInt8], expires: Double, label: String) -> String {
        struct Payload: Encodable {
            var url: String
            var key: String
            var exp: Int64
            var flag = "P"
            var label: String
            var v = 1
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and numbers always encode.
        let payload = try! encoder.encode(
            Payload(url: url, key: Base64URL.encode(key), exp: Int64(expires), label: label))
        return "shlink:/" + Base64URL.encode(payload)
    }

    /// The passcode with its salt, as its digest is made. The passcode only gates the manifest: the file is encrypted
    /// with a key the store does not keep, so a salted SHA-256 suffices here (no slow hash is needed to protect what a
    /// stolen store cannot decrypt anyway).
    private static func salted(_ passcode: String, _ salt: String) -> String {
        salt + ":" + passcode
    }

    private static func lockKey(user: Int64, link: String) -> String {
        "\(user)/\(link)"
    }
}
