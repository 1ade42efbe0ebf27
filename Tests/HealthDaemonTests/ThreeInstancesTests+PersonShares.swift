import Foundation
import OpenHealthKitPostgres
import Testing

/// Sharing between people served by three healthd on one database: a share made through one is read through the
/// others, and ended through one, it ends on the others at once.
extension ThreeInstancesTests {
    @Test func aShareEndedThroughOneInstanceEndsOnTheOthersAtOnce() async throws {
        try await Self.withInstances { instances in
            let accounts = try PostgresAccounts(
                address: try PostgreSQLAddress(url: instances.database.url, password: instances.database.password))
            let annSecret = try accounts.add(name: "ann").secret, bobSecret = try accounts.add(name: "bob").secret
            let ann = try await WebClient.signIn(instances.a, name: "ann", secret: annSecret)
            let csrf = try #require(
                WebClient.csrf(in: try await WebClient.get("/sharing", instances.a, cookie: ann).text))
            let shared = try await WebClient.post(
                "/sharing/people", instances.a, cookie: ann,
                fields: [("csrf", csrf), ("name", "bob"), ("category", "heart")])
            #expect(shared.status == 303)

            var bob: [String] = []
            for instance in [instances.b, instances.c] {
                let cookie = try await WebClient.signIn(instance, name: "bob", secret: bobSecret)
                #expect(try await WebClient.get("/shared/ann", instance, cookie: cookie).status == 200)
                bob.append(cookie)
            }
            let stopped = try await WebClient.post(
                "/sharing/people/bob/stop", instances.a, cookie: ann, fields: [("csrf", csrf)])
            #expect(stopped.status == 303)
            for (instance, cookie) in zip([instances.b, instances.c], bob) {
                #expect(try await WebClient.get("/shared/ann", instance, cookie: cookie).status == 404)
            }
        }
    }
}
