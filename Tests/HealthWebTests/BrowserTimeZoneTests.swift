import Foundation
import OpenHealthKitEngine
import Testing

/// Until a time zone is chosen on Me, the days follow the browser's, which the sign-in form sends: a person in Paris
/// reading a healthd that runs in UTC sees Paris days from the first page.
extension HealthdBacked {
    @Suite struct BrowserTimeZoneTests {
        @Test func theFirstSignInGivesTheDaysTheBrowsersTimeZone() async throws {
            try await TestDaemon.with { daemon in
                await #expect(try daemon.engine.ownerTimeZone() == nil)
                let answer = try await WebClient(address: daemon.address)
                    .signIn(secret: daemon.ownerSecret, timeZone: "Europe/Paris")
                #expect(answer.status == 303)
                await #expect(try daemon.engine.ownerTimeZone()?.identifier == "Europe/Paris")
            }
        }

        @Test func aLaterSignInFromElsewhereLeavesTheChosenTimeZone() async throws {
            try await TestDaemon.with { daemon in
                _ = try await WebClient(address: daemon.address)
                    .signIn(secret: daemon.ownerSecret, timeZone: "Europe/Paris")
                _ = try await WebClient(address: daemon.address)
                    .signIn(secret: daemon.ownerSecret, timeZone: "Asia/Tokyo")
                await #expect(try daemon.engine.ownerTimeZone()?.identifier == "Europe/Paris")
            }
        }

        @Test func aNameNoTimeZoneHasChangesNothingAndStillSignsIn() async throws {
            try await TestDaemon.with { daemon in
                let client = WebClient(address: daemon.address)
                let answer = try await client.signIn(secret: daemon.ownerSecret, timeZone: "Mars/Olympus")
                #expect(answer.status == 303 && client.cookies["health_session"] != nil)
                await #expect(try daemon.engine.ownerTimeZone() == nil)
            }
        }
    }
}
