import Foundation
import OpenHealthKitTesting
import Testing

/// `hk apps`, `hk auth` and `hk audit` against the built `healthd`, as the owner. Serialized: each test runs a
/// healthd of its own.
@Suite(.serialized) struct OwnerCommandsTests {
    private static let app = "com.example.steps"

    @Test func registerAnswerAuditAndRevoke() async throws {
        try await RunningHealthd.with { daemon in
            let folder = try AppFolder(in: daemon.store.folder, bundleIdentifier: Self.app)
            let registered = try await daemon.succeed(["apps", "register", folder.path])
            let credential = registered.trimmingCharacters(in: .newlines)
            #expect(credential.hasPrefix("ohk1.") && registered == credential + "\n")

            let apps = try await daemon.records(["apps", "list"])
            #expect(apps.count == 1)
            #expect(apps.first?["bundleIdentifier"] as? String == Self.app)
            #expect(apps.first?["name"] as? String == "Steps")
            #expect(apps.first?["status"] as? String == "active")
            #expect(apps.first?["revokedAt"] == nil)

            // The app asks; its call waits for the owner.
            let request = [
                "toShare": ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierBodyMass"],
                "toRead": ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierHeartRate"],
            ]
            let asking = Task {
                try await daemon.call(
                    "POST", "/v1/authorization/request?wait=60", bearer: credential, json: request, timeout: 90)
            }
            let pending = try await Self.pendingRequests(daemon)
            #expect(pending.count == 1)
            #expect(pending.first?["app"] as? String == Self.app)
            #expect(Set(pending.first?["toShare"] as? [String] ?? []) == ["stepCount", "bodyMass"])
            #expect(Set(pending.first?["toRead"] as? [String] ?? []) == ["stepCount", "heartRate"])
            #expect(UUID(uuidString: pending.first?["id"] as? String ?? "") != nil)
            #expect(try await daemon.succeed(["auth", "pending"]).hasPrefix("id "))

            // Allowing a type the app did not ask for is refused, and answers nothing.
            let refused = try await daemon.hk(["auth", "answer", Self.app, "--share", "heartRate"])
            #expect(refused.status == 2)
            #expect(refused.stderr.hasPrefix("hk: \(Self.app) did not ask to share heartRate"))
            #expect(try await daemon.records(["auth", "pending"]).count == 1)

            #expect(
                try await daemon.succeed([
                    "auth", "answer", Self.app, "--share", "stepCount", "--read", "HKQuantityTypeIdentifierHeartRate",
                ]).isEmpty)
            let answered = try await asking.value
            #expect(answered.status == 200)
            #expect(answered.object?["status"] as? String == "answered")
            #expect(try await daemon.records(["auth", "pending"]).isEmpty)

            // The decisions, as healthd tells the app and the owner.
            #expect(try await Self.shareStatus(daemon, "stepCount", credential) == "sharingAuthorized")
            #expect(try await Self.shareStatus(daemon, "bodyMass", credential) == "sharingDenied")
            let grants = try await daemon.call("GET", "/v1/owner/apps/\(Self.app)/grants", bearer: daemon.ownerSecret)
            let byType = grants.object?["grants"] as? [String: [String: String]]
            #expect(byType?["HKQuantityTypeIdentifierHeartRate"]?["read"] == "authorized")
            #expect(byType?["HKQuantityTypeIdentifierStepCount"]?["read"] == "denied")

            // The app's calls are in the audit log.
            let query = try await daemon.call(
                "POST", "/v1/queries/samples", bearer: credential, json: ["type": "HKQuantityTypeIdentifierStepCount"])
            #expect(query.status == 200)
            let audit = try await daemon.records(["audit", "--app", Self.app])
            #expect(audit.map { $0["operation"] as? String } == ["authorization.request", "query.samples"])
            #expect(audit.last?["types"] as? [String] == ["stepCount"])
            #expect(audit.last?["outcome"] as? String == "success")
            #expect(audit.allSatisfy { $0["app"] as? String == Self.app && $0["error"] == nil })
            #expect(try await daemon.records(["audit", "--since", "2999-01-01"]).isEmpty)
            #expect(
                try await daemon.succeed(["audit", "--format", "csv"]).hasPrefix(
                    "id,time,app,operation,types,sampleCount,outcome,error,subject\n"))

            // Nothing but `apps register` prints the credential, and nothing prints the owner secret.
            for arguments in [
                ["apps", "list"], ["apps", "list", "--format", "json"], ["audit", "--format", "csv"],
                ["auth", "pending"],
            ] {
                let output = try await daemon.succeed(arguments)
                let secret = daemon.ownerSecret
                #expect(!output.contains(credential) && !output.contains(secret), "\(arguments)")
            }

            #expect(try await daemon.succeed(["apps", "revoke", Self.app]).isEmpty)
            let revoked = try await daemon.records(["apps", "list"])
            #expect(revoked.first?["status"] as? String == "revoked")
            #expect(revoked.first?["revokedAt"] is String)
            #expect(try await daemon.call("GET", "/v1/app", bearer: credential).status == 401)
        }
    }

    @Test func refusedManifestsAreBadInput() async throws {
        try await RunningHealthd.with { daemon in
            let cases: [(AppFolder, String)] = [
                (
                    try AppFolder(in: daemon.store.folder, bundleIdentifier: "com.example.*"),
                    "The bundle identifier com.example.* is a wildcard App ID; HealthKit requires an explicit App ID."
                ),
                (
                    try AppFolder(in: daemon.store.folder, bundleIdentifier: Self.app, healthKit: false),
                    "Missing com.apple.developer.healthkit entitlement."
                ),
                (
                    try AppFolder(in: daemon.store.folder, bundleIdentifier: Self.app, readUsage: nil, writeUsage: nil),
                    "NSHealthShareUsageDescription or NSHealthUpdateUsageDescription must be set in the app's Info.plist"
                ),
                (
                    try AppFolder(in: daemon.store.folder, bundleIdentifier: Self.app, readUsage: " "),
                    #"The string " " is an invalid value for NSHealthShareUsageDescription"#
                ),
            ]
            for (folder, message) in cases {
                let result = try await daemon.hk(["apps", "register", folder.path])
                #expect(result.status == 2, "\(message)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr == "hk: \(message)\n")
            }
            #expect(try await daemon.records(["apps", "list"]).isEmpty)
        }
    }

    @Test func registerFromNamedFilesAndBadUsage() async throws {
        try await RunningHealthd.with { daemon in
            let folder = try AppFolder(in: daemon.store.folder, bundleIdentifier: Self.app)
            let usages: [([String], String)] = [
                (["apps", "register"], "give the app's folder, or --info-plist and --entitlements"),
                (["apps", "register", folder.path, "--info-plist", folder.infoPlist.path], "not both"),
                (
                    ["apps", "register", "--info-plist", folder.infoPlist.path],
                    "--info-plist and --entitlements go together"
                ),
                (["apps", "register", folder.infoPlist.path], "is not a folder"),
                (["apps", "revoke", "com.example.unknown"], "No app com.example.unknown is registered"),
            ]
            for (arguments, problem) in usages {
                let result = try await daemon.hk(arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(
                    result.stderrLines.count == 1 && result.stderr.contains(problem), "\(arguments): \(result.stderr)")
            }
            let first = try await daemon.succeed([
                "apps", "register", "--info-plist", folder.infoPlist.path, "--entitlements", folder.entitlements.path,
            ])
            // Registering again issues a new credential; the first one stops working.
            let second = try await daemon.succeed(["apps", "register", folder.path])
            #expect(first != second)
            let secondCredential = second.trimmingCharacters(in: .newlines)
            #expect(
                try await daemon.call("GET", "/v1/app", bearer: first.trimmingCharacters(in: .newlines)).status == 401)
            #expect(try await daemon.call("GET", "/v1/app", bearer: secondCredential).status == 200)
            #expect(try await daemon.records(["apps"]).count == 1)
        }
    }

    @Test func answeringNeedsAPendingRequestAndKnownTypes() async throws {
        try await RunningHealthd.with { daemon in
            let folder = try AppFolder(in: daemon.store.folder, bundleIdentifier: Self.app)
            try await daemon.succeed(["apps", "register", folder.path])
            let unknownType = try await daemon.hk(["auth", "answer", Self.app, "--read", "stepz"])
            #expect(unknownType.status == 2)
            #expect(unknownType.stderr.hasPrefix("hk: unknown type 'stepz'"))
            let nothingPending = try await daemon.hk(["auth", "answer", Self.app, "--read", "stepCount"])
            #expect(nothingPending.status == 2)
            #expect(
                nothingPending.stderr
                    == "hk: \(Self.app) has no permission request waiting (hk auth pending lists them)\n")
            #expect(try await daemon.records(["auth"]).isEmpty)
        }
    }

    @Test func ownerSecret() async throws {
        try await RunningHealthd.with { daemon in
            let secret = daemon.ownerSecret
            let elsewhere = try TemporaryStore()
            let address = daemon.address.absoluteString
            // Without --store, OPENHEALTHKIT_OWNER_SECRET comes before the file next to OPENHEALTHKIT_STORE's store.
            let fromEnvironment = try await HKProcess.run(
                ["apps", "list", "--healthd", address],
                environment: [
                    "OPENHEALTHKIT_OWNER_SECRET": secret, "OPENHEALTHKIT_STORE": elsewhere.path,
                    "OPENHEALTHKIT_HEALTHD": nil,
                ])
            #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
            let fromStoreVariable = try await HKProcess.run(
                ["apps", "list"],
                environment: [
                    "OPENHEALTHKIT_OWNER_SECRET": nil, "OPENHEALTHKIT_STORE": daemon.store.path,
                    "OPENHEALTHKIT_HEALTHD": address,
                ])
            #expect(fromStoreVariable.status == 0, "\(fromStoreVariable.stderr)")

            let wrong = "not-the-secret"
            let refused = try await HKProcess.run(
                ["apps", "list", "--healthd", address],
                environment: ["OPENHEALTHKIT_OWNER_SECRET": wrong, "OPENHEALTHKIT_STORE": nil])
            #expect(refused.status == 1)
            #expect(
                refused.stderr
                    == "hk: healthd at \(address) refused the owner secret from OPENHEALTHKIT_OWNER_SECRET: The owner secret is not valid\n"
            )

            let missing = try await HKProcess.run(
                ["apps", "list", "--healthd", address, "--store", elsewhere.path],
                environment: ["OPENHEALTHKIT_OWNER_SECRET": secret])
            #expect(missing.status == 1)
            #expect(
                missing.stderrLines.count == 1
                    && missing.stderr.contains("cannot read the owner secret at \(elsewhere.path).owner-secret"))
            #expect(!missing.stderr.contains(secret))
        }
    }

    @Test func unreachableHealthd() async throws {
        let store = try TemporaryStore()
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: store.path + ".owner-secret"))
        for arguments in [["apps", "list"], ["auth", "pending"], ["audit"], ["apps", "revoke", Self.app]] {
            let result = try await store.run(arguments + ["--healthd", "http://127.0.0.1:1"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "hk: cannot reach healthd at http://127.0.0.1:1: is it running? (give its address with --healthd)\n"
            )
        }
        let unreachableDefault = try await store.run(
            ["apps"], environment: ["OPENHEALTHKIT_HEALTHD": "http://127.0.0.1:1/"])
        #expect(unreachableDefault.stderr.contains("http://127.0.0.1:1/"))
        let invalid = try await store.run(["apps", "--healthd", "127.0.0.1:8787"])
        #expect(invalid.status == 2)
        #expect(
            invalid.stderr == "hk: invalid healthd address '127.0.0.1:8787': use a URL such as http://127.0.0.1:8787\n")
    }

    /// `hk auth pending`'s records, once healthd holds the request (it arrives from another task).
    private static func pendingRequests(_ daemon: RunningHealthd) async throws -> [[String: Any]] {
        var records: [[String: Any]] = []
        try await waitUntil("a permission request to arrive") {
            records = try await daemon.records(["auth", "pending"])
            return !records.isEmpty
        }
        return records
    }

    /// `authorizationStatus(for:)` of the app, as healthd answers it.
    private static func shareStatus(_ daemon: RunningHealthd, _ type: String, _ credential: String) async throws
        -> String?
    {
        let answer = try await daemon.call("GET", "/v1/authorization/status?type=\(type)", bearer: credential)
        return answer.object?["name"] as? String
    }
}
