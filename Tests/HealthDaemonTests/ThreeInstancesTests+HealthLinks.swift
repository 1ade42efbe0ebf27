import Foundation
import Testing

/// SMART Health Links served by three healthd on one database: wrong passcodes sent to all at once are counted by
/// all, and a link removed through one ends on the others at once.
extension ThreeInstancesTests {
    @Test func wrongPasscodesSentAtOnceToEveryInstanceAreCountedByAll() async throws {
        try await Self.withInstances { instances in
            let credential = try await Self.app(through: instances.a)
            #expect(try await Self.save(61, instances.a, credential).0 == 200)
            let link = try await HealthLinkTests.Sharing(instances.a).link()
            let urls = [instances.a, instances.b, instances.c].map { $0.url(link.path) }
            let guess = Data(#"{"recipient":"Mallory","passcode":"guess"}"#.utf8)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for round in 0..<30 {
                    let url = urls[round % urls.count]
                    group.addTask { try await HTTP.call("POST", url, body: guess).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            // Each instance answers its own requests one at a time; two instances at the same instant may each
            // let one more guess in before the other's is counted, never more than one each.
            let answered = statuses.filter { $0 == 401 }.count
            #expect((10...12).contains(answered), "\(answered) guesses answered")
            #expect(statuses.filter { $0 == 404 }.count == 30 - answered)
            for instance in [instances.a, instances.b, instances.c] {
                #expect(try await HealthLinkTests.manifest(link, instance).status == 404)
            }
        }
    }

    @Test func aLinkRemovedThroughOneInstanceEndsOnTheOthersAtOnce() async throws {
        try await Self.withInstances { instances in
            let credential = try await Self.app(through: instances.a)
            #expect(try await Self.save(61, instances.a, credential).0 == 200)
            let sharing = try await HealthLinkTests.Sharing(instances.a)
            let link = try await sharing.link()
            #expect(try await HealthLinkTests.manifest(link, instances.b).status == 200)
            let id = try #require(link.path.split(separator: ".").dropFirst().first)
            #expect(try await sharing.remove(String(id)).status == 303)
            #expect(try await HealthLinkTests.manifest(link, instances.b).status == 404)
            #expect(try await HealthLinkTests.manifest(link, instances.c).status == 404)
        }
    }
}
