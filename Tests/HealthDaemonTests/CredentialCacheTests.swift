import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitWire

/// healthd remembers a credential's checked signature for a minute (`VerifiedCredentials`); whether the credential
/// still works is asked on every call, so a revocation holds from the very next call, also for calls racing it.
@Suite struct CredentialCacheTests {
    @Test func aRevokedCredentialIsRefusedOnTheVeryNextCallAfterManyThatWorked() async throws {
        try await withDaemon { daemon in
            let credential = try await daemon.register(Apps.app())
            for _ in 0..<5 { #expect(try await daemon.app(credential, "GET", "/v1/anchor").status == 200) }
            #expect(try await daemon.owner("DELETE", "/v1/owner/apps/com.example.app").status == 200)
            let refused = try await daemon.app(credential, "GET", "/v1/anchor")
            #expect(refused.status == 401)
            #expect(refused.error?.error.message == "The credential was revoked")
        }
    }

    @Test func aCredentialReplacedByANewerOneIsRefusedOnTheVeryNextCall() async throws {
        try await withDaemon { daemon in
            let first = try await daemon.register(Apps.app())
            for _ in 0..<5 { #expect(try await daemon.app(first, "GET", "/v1/anchor").status == 200) }
            let second = try await daemon.register(Apps.app())
            let refused = try await daemon.app(first, "GET", "/v1/anchor")
            #expect(refused.status == 401)
            #expect(refused.error?.error.message == "The credential was replaced by a newer one")
            #expect(try await daemon.app(second, "GET", "/v1/anchor").status == 200)
        }
    }

    /// Calls in flight while the owner revokes may go either way; every call sent after healthd answered the
    /// revocation is refused.
    @Test func callsRacingARevocationAreRefusedOnceTheRevocationIsAnswered() async throws {
        try await withDaemon { daemon in
            let credential = try await daemon.register(Apps.app())
            #expect(try await daemon.app(credential, "GET", "/v1/anchor").status == 200)
            let revoked = Locked<ContinuousClock.Instant?>(nil)
            let calls = try await withThrowingTaskGroup(of: [(sent: ContinuousClock.Instant, status: Int)].self) {
                group in
                for _ in 0..<4 {
                    group.addTask {
                        var calls: [(sent: ContinuousClock.Instant, status: Int)] = []
                        // Each caller goes on until it has seen a refusal sent after the revocation was answered.
                        while true {
                            let sent = ContinuousClock.now
                            let status = try await daemon.app(credential, "GET", "/v1/anchor").status
                            calls.append((sent, status))
                            if let revokedAt = revoked.withLock({ $0 }), sent > revokedAt { return calls }
                        }
                    }
                }
                group.addTask {
                    let answer = try await daemon.owner("DELETE", "/v1/owner/apps/com.example.app")
                    #expect(answer.status == 200)
                    revoked.withLock { $0 = ContinuousClock.now }
                    return []
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let revokedAt = try #require(revoked.withLock { $0 })
            let after = calls.filter { $0.sent > revokedAt }
            #expect(after.count >= 4)
            #expect(after.allSatisfy { $0.status == 401 })
            #expect(calls.allSatisfy { $0.status == 200 || $0.status == 401 })
        }
    }
}
