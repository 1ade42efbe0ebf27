import Foundation
import HealthDaemon
import OpenHealthKitTesting
import Testing

/// Health's sign-in page, served by healthd.
@Suite struct SignInPageTests {
    @Test func theSignInPageNamesTheFileThatKeepsThisStoresOwnerSecret() async throws {
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("family.sqlite").path
        let daemon = try await HealthDaemon(configuration: DaemonConfiguration(port: 0, storePath: store)).start()
        let page = try await HTTP.call("GET", URL(string: daemon.address.absoluteString + "/signin")!)
        try await daemon.stop()
        #expect(page.status == 200)
        #expect(page.text.contains("<code>family.sqlite.owner-secret</code>"))
        #expect(FileManager.default.fileExists(atPath: store + ".owner-secret"))
    }
}
