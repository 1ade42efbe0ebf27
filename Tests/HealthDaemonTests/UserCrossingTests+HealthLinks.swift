import Foundation
import OpenHealthKitPostgres
import Testing

/// SMART Health Links between two users of one database: a link opens its own user's data only, and no other user
/// sees or removes it.
extension UserCrossingTests {
    @Test func annsLinkWithBobsNumberOpensNothingAndBobNeverSeesIt() async throws {
        try await Self.withPair { pair in
            let anns = try await HealthLinkTests.Sharing(pair.daemon, name: "ann", secret: pair.ann.secret)
            let link = try await anns.link()
            #expect(try await HealthLinkTests.manifest(link, pair.daemon).status == 200)

            let database = try #require(pair.daemon.database)
            let accounts = try PostgresAccounts(
                address: try PostgreSQLAddress(url: database.url, password: database.password))
            let ann = try #require(try accounts.user(named: "ann"))
            let bob = try #require(try accounts.user(named: "bob"))
            let token = try #require(link.path.split(separator: "/").last)
            #expect(token.hasPrefix("\(ann.id)."))
            let asBobs = HealthLinkTests.Link(
                shlink: link.shlink,
                url: link.url.replacingOccurrences(of: "/\(ann.id).", with: "/\(bob.id)."), key: link.key,
                payload: link.payload)
            #expect(try await HealthLinkTests.manifest(asBobs, pair.daemon).status == 404)

            let bobs = try await HealthLinkTests.Sharing(pair.daemon, name: "bob", secret: pair.bob.secret)
            #expect(try await bobs.page().text.contains("No link yet."))
            let id = try #require(token.split(separator: ".").dropFirst().first)
            #expect(try await bobs.remove(String(id)).status == 404)
            #expect(try await HealthLinkTests.manifest(link, pair.daemon).status == 200)
        }
    }
}
