import Crypto
import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitPostgres
import OpenHealthKitStores
import OpenHealthKitTesting
import ZIPFoundation

/// SMART Health Links: the owner makes one in Health, a clinician's app opens it with its passcode and decrypts what
/// it shares, and it ends when removed, expired or guessed at too often, on healthd's SQLite file and on PostgreSQL.
/// (Tests/e2e opens one made in a real browser with an independent JOSE library and validates its FHIR.)
@Suite struct HealthLinkTests {
    let fhir = FHIRAPITests()
    static let passcode = "4711-lee"

    /// A link as Health showed it, and what its payload says.
    struct Link {
        let shlink: String
        let url: String
        let key: [UInt8]
        let payload: [String: Any]
        /// The path of the manifest on healthd.
        var path: String { URL(string: url)!.path }
    }

    /// The owner's Health, signed in.
    struct Sharing {
        let daemon: DaemonHarness
        let cookie: String

        init(_ daemon: DaemonHarness, name: String = "owner", secret: String? = nil) async throws {
            self.daemon = daemon
            cookie = try await WebClient.signIn(daemon, name: name, secret: secret)
        }

        func page() async throws -> WebClient.Page {
            try await WebClient.get("/sharing", daemon, cookie: cookie)
        }

        /// Makes a link of `categories` on the Sharing page; the page answered.
        func make(
            categories: [String], label: String = "For Dr. Lee", passcode: String = HealthLinkTests.passcode,
            days: String = "7", period: String = "0"
        ) async throws -> WebClient.Page {
            let csrf = try #require(WebClient.csrf(in: try await page().text))
            return try await WebClient.post(
                "/sharing", daemon, cookie: cookie,
                fields: [("csrf", csrf), ("label", label), ("passcode", passcode), ("days", days), ("period", period)]
                    + categories.map { ("category", $0) })
        }

        /// Makes a link and reads it off the page.
        func link(categories: [String] = ["heart"], days: String = "7") async throws -> Link {
            let made = try await make(categories: categories, days: days)
            #expect(made.status == 200, "\(made.text)")
            return try HealthLinkTests.link(in: made.text)
        }

        func remove(_ id: String) async throws -> WebClient.Page {
            let csrf = try #require(WebClient.csrf(in: try await page().text))
            return try await WebClient.post("/sharing/links/\(id)/remove", daemon, cookie: cookie, form: ["csrf": csrf])
        }
    }

    static func link(in html: String) throws -> Link {
        let range = try #require(html.range(of: #"shlink:/[A-Za-z0-9_-]+"#, options: .regularExpression))
        let shlink = String(html[range])
        let decoded = try JSONSerialization.jsonObject(with: try base64URL(shlink.dropFirst("shlink:/".count)))
        let payload = try #require(decoded as? [String: Any])
        let key = try #require(payload["key"] as? String)
        let url = try #require(payload["url"] as? String)
        return Link(shlink: shlink, url: url, key: Array(try base64URL(key)), payload: payload)
    }

    static func base64URL(_ text: some StringProtocol) throws -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return try #require(Data(base64Encoded: base64))
    }

    /// The manifest request's answer.
    static func manifest(
        _ link: Link, _ daemon: DaemonHarness, passcode: String? = HealthLinkTests.passcode,
        embeddedLengthMax: Int? = nil
    ) async throws -> HTTPAnswer {
        var body: [String: Any] = ["recipient": "Dr. Lee, Lakeside Clinic"]
        if let passcode { body["passcode"] = passcode }
        if let embeddedLengthMax { body["embeddedLengthMax"] = embeddedLengthMax }
        return try await HTTP.call(
            "POST", daemon.url(link.path), body: try JSONSerialization.data(withJSONObject: body))
    }

    /// A compact JWE's plaintext (dir, A256GCM, raw DEFLATE), and its protected header.
    static func decrypt(_ jwe: String, key: [UInt8]) throws -> (header: [String: Any], plaintext: Data) {
        let parts = jwe.split(separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 5 && parts[1].isEmpty)
        let header = try #require(try JSONSerialization.jsonObject(with: try base64URL(parts[0])) as? [String: Any])
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: try base64URL(parts[2])), ciphertext: try base64URL(parts[3]),
            tag: try base64URL(parts[4]))
        let deflated = try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: Data(parts[0].utf8))
        var plaintext = Data()
        // In one chunk: ZIPFoundation's inflate on Linux takes every chunk to be `bufferSize` long.
        _ = try Data.decompress(
            size: Int64(deflated.count), bufferSize: deflated.count, skipCRC32: true,
            provider: { _, _ in deflated }, consumer: { plaintext.append($0) })
        return (header, plaintext)
    }

    /// The LOINC codes of a Bundle's Observations.
    static func codes(in bundle: Data) throws -> Set<String> {
        let json = try #require(try JSONSerialization.jsonObject(with: bundle) as? [String: Any])
        #expect(json["resourceType"] as? String == "Bundle")
        let resources = (json["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        return Set(
            resources.filter { $0["resourceType"] as? String == "Observation" }.flatMap { observation in
                ((observation["code"] as? [String: Any])?["coding"] as? [[String: Any]] ?? [])
                    .filter { $0["system"] as? String == "http://loinc.org" }.compactMap { $0["code"] as? String }
            })
    }

    /// The engine of the owner's store healthd serves, in this process.
    static func ownersEngine(_ daemon: DaemonHarness) throws -> HealthEngine {
        guard let database = daemon.database else { return try HealthEngine.open(.file(daemon.storePath)) }
        return try HealthEngine.open(
            .postgreSQL(
                try PostgreSQLAddress(url: database.url, password: database.password),
                user: StoreLocation.ownerUserID))
    }

    // MARK: Opening

    @Test(arguments: FHIRAPITests.backends)
    func aLinkMadeInHealthOpensWithItsPasscodeAndSharesOnlyTheChosenData(_ backend: StoreBackend) async throws {
        try await fhir.withStore(backend, [fhir.beat(61, at: 0), fhir.stepCount(100, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link(categories: ["heart"])
            #expect(link.payload["flag"] as? String == "P")
            #expect(link.payload["label"] as? String == "For Dr. Lee")
            #expect(link.url.hasPrefix(daemon.address.absoluteString + "/shl/") && link.url.count <= 128)
            let expires = try #require(link.payload["exp"] as? Double)
            #expect(abs(expires - Date().timeIntervalSince1970 - 7 * 86_400) < 120)

            let answer = try await Self.manifest(link, daemon, embeddedLengthMax: 1 << 24)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.contentType == "application/json")
            let file = try #require((try JSON(answer)["files"] as? [[String: Any]])?.first)
            #expect(file["contentType"] as? String == "application/fhir+json")
            let (header, bundle) = try Self.decrypt(try #require(file["embedded"] as? String), key: link.key)
            #expect(header["alg"] as? String == "dir" && header["enc"] as? String == "A256GCM")
            #expect(header["cty"] as? String == "application/fhir+json" && header["zip"] as? String == "DEF")
            #expect(try Self.codes(in: bundle) == ["8867-4"])
        }
    }

    @Test func aLargerFileComesAsAShortLivedLocationOfTheSameFile() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            let embedded = try #require(
                (try JSON(try await Self.manifest(link, daemon, embeddedLengthMax: 1 << 24))["files"]
                    as? [[String: Any]])?.first?["embedded"] as? String)
            let exactly = try await Self.manifest(link, daemon, embeddedLengthMax: embedded.utf8.count)
            #expect((try JSON(exactly)["files"] as? [[String: Any]])?.first?["embedded"] as? String == embedded)
            for largest in [nil, 0, embedded.utf8.count - 1] as [Int?] {
                let answer = try await Self.manifest(link, daemon, embeddedLengthMax: largest)
                let file = try #require((try JSON(answer)["files"] as? [[String: Any]])?.first)
                #expect(file["embedded"] == nil)
                let text = try #require(file["location"] as? String)
                let location = try #require(URL(string: text))
                let fetched = try await HTTP.call("GET", location)
                #expect(fetched.status == 200 && fetched.contentType == "application/jose")
                #expect(fetched.text == embedded)
                // A ticket altered by one character opens nothing.
                var altered = location.absoluteString
                altered.insert("x", at: altered.index(altered.endIndex, offsetBy: -3))
                #expect(try await HTTP.call("GET", try #require(URL(string: altered))).status == 404)
            }
        }
    }

    @Test func theOwnerSeesWhoOpenedALinkOnTheSharingPageAndInTheAccessLog() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let sharing = try await Sharing(daemon)
            let link = try await sharing.link()
            #expect(try await Self.manifest(link, daemon).status == 200)
            #expect(try await sharing.page().text.contains("Opened by Dr. Lee, Lakeside Clinic"))
            let log = try await WebClient.get("/log", daemon, cookie: sharing.cookie)
            #expect(log.text.contains("shl:Dr. Lee, Lakeside Clinic"))
        }
    }

    @Test func aViewerInABrowserMayAskFromAPageOfItsOwn() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            let preflight = try RawConnection(to: daemon.address)
            try preflight.send(
                "OPTIONS \(link.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://viewer.example\r\n"
                    + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n"
                    + "Connection: close\r\n\r\n")
            let answer = try await preflight.readUntilClosed().lowercased()
            #expect(answer.hasPrefix("http/1.1 204"))
            #expect(answer.contains("access-control-allow-origin: *"))
            #expect(answer.contains("access-control-allow-methods: post"))
            #expect(answer.contains("access-control-allow-headers: content-type"))
            let manifest = try RawConnection(to: daemon.address)
            let body = #"{"recipient":"Viewer","passcode":"\#(Self.passcode)"}"#
            try manifest.send(
                "POST \(link.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://viewer.example\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)")
            let answered = try await manifest.readUntilClosed().lowercased()
            #expect(answered.hasPrefix("http/1.1 200"))
            #expect(answered.contains("access-control-allow-origin: *"))
        }
    }

    @Test func aFileIsEncryptedWithAFreshIVEachTimeAndRefusedPastItsLimit() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jwe-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        // 2 MB that compress well, read in several chunks.
        let text = String(repeating: #"{"resourceType":"Observation","status":"final"},"#, count: 45_000)
        try Data(text.utf8).write(to: file)
        let key = [UInt8](repeating: 3, count: CompactJWE.keyByteCount)
        let first = try #require(
            try CompactJWE.encrypt(deflating: file, key: key, contentType: "text/x", limit: 1 << 20))
        let second = try #require(
            try CompactJWE.encrypt(deflating: file, key: key, contentType: "text/x", limit: 1 << 20))
        let iv = { (jwe: String) in jwe.split(separator: ".", omittingEmptySubsequences: false)[2] }
        #expect(iv(first) != iv(second))
        #expect(first.utf8.count < text.utf8.count / 10)
        #expect(try Self.decrypt(first, key: key).plaintext == Data(text.utf8))
        #expect(try CompactJWE.encrypt(deflating: file, key: key, contentType: "text/x", limit: 1_000) == nil)
    }

    // MARK: Passcodes

    @Test(arguments: FHIRAPITests.backends)
    func eachWrongPasscodeCostsAnAttemptAndTheLastDisablesTheLinkForGood(_ backend: StoreBackend) async throws {
        try await fhir.withStore(backend, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            // No passcode at all is refused without costing an attempt.
            let missing = try await Self.manifest(link, daemon, passcode: nil)
            #expect(missing.status == 401)
            #expect(try JSON(missing)["remainingAttempts"] as? Int == 10)
            for remaining in (0..<10).reversed() {
                let wrong = try await Self.manifest(link, daemon, passcode: "0000")
                #expect(wrong.status == 401)
                #expect(try JSON(wrong)["remainingAttempts"] as? Int == remaining)
            }
            #expect(try await Self.manifest(link, daemon).status == 404)
        }
    }

    @Test func wrongPasscodesSentAtOnceAreEachCountedAndNoneBeyondTheTenIsAnswered() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            let url = daemon.url(link.path)
            let guess = Data(#"{"recipient":"Mallory","passcode":"guess"}"#.utf8)
            let answers = try await withThrowingTaskGroup(of: HTTPAnswer.self) { group in
                for _ in 0..<15 { group.addTask { try await HTTP.call("POST", url, body: guess) } }
                return try await group.reduce(into: [HTTPAnswer]()) { $0.append($1) }
            }
            let remaining = try answers.filter { $0.status == 401 }.map { try JSON($0)["remainingAttempts"] as? Int }
            #expect(Set(remaining.compactMap { $0 }) == Set(0..<10) && remaining.count == 10)
            #expect(answers.filter { $0.status == 404 }.count == 5)
            #expect(try await Self.manifest(link, daemon).status == 404)
        }
    }

    @Test func aRequestWithoutAPasscodeCostsNothingAndIsNotLogged() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let sharing = try await Sharing(daemon)
            let link = try await sharing.link()
            for _ in 0..<3 { #expect(try await Self.manifest(link, daemon, passcode: nil).status == 401) }
            let unchanged = try await Self.manifest(link, daemon, passcode: nil)
            #expect(try JSON(unchanged)["remainingAttempts"] as? Int == 10)
            let log = try await WebClient.get("/log", daemon, cookie: sharing.cookie)
            #expect(!log.text.contains("shl:Dr. Lee"))
            #expect(try await Self.manifest(link, daemon, passcode: "wrong").status == 401)
            let logged = try await WebClient.get("/log", daemon, cookie: sharing.cookie)
            #expect(logged.text.contains("shl:Dr. Lee"))
        }
    }

    @Test func aLocationOfADisabledLinkOpensNothing() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            let files = try JSON(try await Self.manifest(link, daemon))["files"] as? [[String: Any]]
            let text = try #require(files?.first?["location"] as? String)
            let location = try #require(URL(string: text))
            #expect(try await HTTP.call("GET", location).status == 200)
            for _ in 0..<10 { _ = try await Self.manifest(link, daemon, passcode: "wrong") }
            #expect(try await HTTP.call("GET", location).status == 404)
        }
    }

    // MARK: Ending

    @Test(arguments: FHIRAPITests.backends)
    func removingTheLinkInHealthEndsItAndItsLocationsAtOnce(_ backend: StoreBackend) async throws {
        try await fhir.withStore(backend, [fhir.beat(61, at: 0)]) { daemon in
            let sharing = try await Sharing(daemon)
            let link = try await sharing.link()
            let location = try #require(
                (try JSON(try await Self.manifest(link, daemon))["files"] as? [[String: Any]])?.first?["location"]
                    as? String)
            let id = try #require(link.path.split(separator: ".").dropFirst().first)
            let removed = try await sharing.remove(String(id))
            #expect(removed.status == 303)
            #expect(try await Self.manifest(link, daemon).status == 404)
            #expect(try await HTTP.call("GET", try #require(URL(string: location))).status == 404)
            #expect(try await sharing.page().text.contains("No link yet."))
        }
    }

    @Test func anExpiredLinkAnswersAsIfItNeverWas() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            let engine = try Self.ownersEngine(daemon)
            var record = try #require(try await engine.healthLinks().first)
            record.expires = Date().timeIntervalSince1970 - 1
            try await engine.addHealthLink(record, file: try #require(try await engine.healthLinkFile(record.id)))
            let expired = try await Self.manifest(link, daemon)
            let unknown = try await HTTP.call(
                "POST", daemon.url("/shl/1.AAAAAAAAAAAA.\(String(repeating: "A", count: 43))"),
                body: Data(#"{"recipient":"x","passcode":"4711-lee"}"#.utf8))
            #expect(expired.status == 404 && unknown.status == 404)
            #expect(expired.text == unknown.text)
        }
    }

    @Test func aLinksSecretAlteredOrItsIdAloneOpensNothing() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            let secret = try #require(link.path.split(separator: ".").last)
            let flipped = (secret.first == "A" ? "B" : "A") + secret.dropFirst()
            let altered = Link(
                shlink: link.shlink, url: link.url.replacingOccurrences(of: secret, with: flipped), key: link.key,
                payload: link.payload)
            #expect(try await Self.manifest(altered, daemon).status == 404)
            let idOnly = Link(
                shlink: link.shlink, url: String(link.url.dropLast(44)), key: link.key, payload: link.payload)
            #expect(try await Self.manifest(idOnly, daemon).status == 404)
        }
    }

    // MARK: Refusals

    @Test func theSharingFormRefusesWhatItCannotMakeAndMakesNothing() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let sharing = try await Sharing(daemon)
            let refusals: [(WebClient.Page, String)] = [
                (try await sharing.make(categories: []), "choose the data to share"),
                (try await sharing.make(categories: ["heart"], passcode: "12"), "passcode is 4 to 64 characters"),
                (try await sharing.make(categories: ["heart"], label: ""), "label is 1 to 80 characters"),
                (try await sharing.make(categories: ["heart"], days: "400"), "lasts 1 to 365 days"),
                // The only heart rate is older than 30 days.
                (try await sharing.make(categories: ["heart"], period: "30"), "nothing of what you chose is stored"),
                (try await sharing.make(categories: ["heart"], period: "100000000"), "choose a period"),
                // 81 UTF-16 code units (what a receiver's JavaScript counts), 41 characters.
                (
                    try await sharing.make(categories: ["heart"], label: String(repeating: "🩺", count: 40) + "x"),
                    "label is 1 to 80 characters"
                ),
            ]
            for (page, message) in refusals {
                #expect(page.status == 400)
                #expect(page.text.lowercased().contains(message.lowercased()), "\(message)")
            }
            #expect(try await Self.ownersEngine(daemon).healthLinks().isEmpty)
        }
    }

    @Test func theRecipientIsShownWithoutControlOrLineBreakingCharacters() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let sharing = try await Sharing(daemon)
            let link = try await sharing.link()
            let body = #"{"recipient":"Dr.\u2028 Lee\u0000<b>","passcode":"\#(Self.passcode)"}"#
            #expect(try await HTTP.call("POST", daemon.url(link.path), body: Data(body.utf8)).status == 200)
            #expect(try await sharing.page().text.contains("Opened by Dr. Lee&lt;b&gt;"))
        }
    }

    @Test func aStoreKeepsAtMostTwentyLinks() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let sharing = try await Sharing(daemon)
            for _ in 0..<20 { #expect(try await sharing.make(categories: ["heart"]).status == 200) }
            let refused = try await sharing.make(categories: ["heart"])
            #expect(refused.status == 400 && refused.text.contains("remove one first"))
            #expect(try await Self.ownersEngine(daemon).healthLinks().count == 20)
        }
    }

    @Test func aMalformedManifestRequestIsA400WithAJSONBody() async throws {
        try await fhir.withStore(.remote, [fhir.beat(61, at: 0)]) { daemon in
            let link = try await Sharing(daemon).link()
            for body in [
                #"[]"#, #"{"passcode":"4711-lee"}"#, #"{"recipient":7}"#,
                #"{"recipient":"x","embeddedLengthMax":-1}"#, #"{"recipient":"x","embeddedLengthMax":true}"#, "{",
                #"{"recipient":"\u200b\u0007 "}"#,
            ] {
                let answer = try await HTTP.call("POST", daemon.url(link.path), body: Data(body.utf8))
                #expect(answer.status == 400, "\(body)")
                #expect(try JSON(answer)["error"] is String, "\(body)")
            }
            let plain = try await HTTP.call(
                "POST", daemon.url(link.path), body: Data(#"{"recipient":"x"}"#.utf8),
                headers: ["Content-Type": "text/plain"])
            #expect(plain.status == 400)
            let large = try await HTTP.call(
                "POST", daemon.url(link.path),
                body: Data(#"{"recipient":"\#(String(repeating: "x", count: 20_000))"}"#.utf8))
            #expect(large.status == 413)
            #expect(try JSON(large)["error"] is String)
            // Nothing was counted against the passcode.
            #expect(try JSON(try await Self.manifest(link, daemon, passcode: nil))["remainingAttempts"] as? Int == 10)
        }
    }
}
