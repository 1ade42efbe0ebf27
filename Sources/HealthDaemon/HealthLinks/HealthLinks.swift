import Crypto
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
/// ``attempts`` over the link's life, counted one request at a time (``SerialLocks``); at none left, as when expired or
/// removed, the link answers 404 as if it never was. Every opening is noted on the link and in the access log.
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
        guard (1...80).contains(label.count) else {
            throw HKError(.errorInvalidArgument, "a label is 1 to 80 characters")
        }
        guard (4...64).contains(request.passcode.count) else {
            throw HKError(.errorInvalidArgument, "a passcode is 4 to 64 characters")
        }
        guard (1...365).contains(request.days) else {
            throw HKError(.errorInvalidArgument, "a link lasts 1 to 365 days")
        }
        let types = HealthLinkFile.shareable(request.typeIdentifiers)
        guard !types.isEmpty else { throw HKError(.errorInvalidArgument, "choose the data to share") }
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
            id: token.id, label: label, secretDigest: HealthLinkToken.digest(token.secret), passcodeSalt: salt,
            passcodeDigest: Self.passcodeDigest(request.passcode, salt: salt), remainingAttempts: Self.attempts,
            created: now.timeIntervalSince1970, expires: expires, typeIdentifiers: types,
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
        let answer = try await locks.serialized(Self.lockKey(user: token.user, link: token.id)) {
            () async throws -> Result<HealthLinkRecord, HealthLinkRefusal> in
            guard let record = try await user.engine.healthLink(token.id),
                constantTimeEquals(
                    Array(HealthLinkToken.digest(token.secret).utf8), Array(record.secretDigest.utf8)),
                record.isActive(now: now.timeIntervalSince1970)
            else { return .failure(.notActive) }
            guard let passcode = request.passcode else {
                return .failure(.passcode(remainingAttempts: record.remainingAttempts))
            }
            guard
                constantTimeEquals(
                    Array(Self.passcodeDigest(passcode, salt: record.passcodeSalt).utf8),
                    Array(record.passcodeDigest.utf8))
            else {
                var counted = record
                counted.remainingAttempts -= 1
                try await user.engine.updateHealthLink(counted)
                return .failure(.passcode(remainingAttempts: counted.remainingAttempts))
            }
            let opened = record.opened(by: request.recipient, at: now.timeIntervalSince1970)
            try await user.engine.updateHealthLink(opened)
            return .success(opened)
        }
        let caller = "shl:" + request.recipient
        switch answer {
        case .failure(let refusal):
            if case .passcode = refusal {
                await user.auditor.record(
                    caller, "shl.manifest", types: [], count: 0,
                    errorCode: HKError.Code.errorAuthorizationDenied.rawValue, subject: token.id)
            }
            throw refusal
        case .success(let record):
            await user.auditor.record(
                caller, "shl.manifest", types: record.typeIdentifiers, count: record.resourceCount, errorCode: nil,
                subject: token.id)
            return try await manifest(of: record, user: user, request: request, origin: origin, now: now)
        }
    }

    /// The encrypted file a `location` ticket names, while the ticket and its link last.
    func file(ticket: String, users: UserStates, now: Date = Date()) async throws -> String {
        guard let claims = tickets.claims(of: ticket, as: Ticket.self), claims.exp > now.timeIntervalSince1970,
            let user = try await users.state(for: claims.user),
            let record = try await user.engine.healthLink(claims.link),
            record.isActive(now: now.timeIntervalSince1970),
            let file = try await user.engine.healthLinkFile(claims.link)
        else { throw HealthLinkRefusal.notActive }
        return file
    }

    private func manifest(
        of record: HealthLinkRecord, user: UserState, request: HealthLinkManifestRequest, origin: String, now: Date
    ) async throws -> [String: Any] {
        guard let file = try await user.engine.healthLinkFile(record.id) else { throw HealthLinkRefusal.notActive }
        var entry: [String: Any] = [
            "contentType": HealthLinkFile.contentType, "status": "finalized", "fhirVersion": "4.0.1",
            "lastUpdated": Date(timeIntervalSince1970: record.created).formatted(.iso8601),
        ]
        if let largest = request.embeddedLengthMax, file.utf8.count <= largest {
            entry["embedded"] = file
        } else {
            let ticket = tickets.sign(
                Ticket(user: user.id, link: record.id, exp: now.timeIntervalSince1970 + Self.locationLifetime))
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

    /// The passcode only gates the manifest: the file is encrypted with a key the store does not keep, so a salted
    /// SHA-256 suffices here (no slow hash is needed to protect what a stolen store cannot decrypt anyway).
    private static func passcodeDigest(_ passcode: String, salt: String) -> String {
        SHA256.hash(data: Data((salt + ":" + passcode).utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private static func lockKey(user: Int64, link: String) -> String {
        "\(user)/\(link)"
    }
}
