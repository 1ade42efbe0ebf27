import Foundation
import Testing

/// Sharing between people in Health (docs/FHIR.md, "Sharing between people"): Ann shares categories with Bob, who
/// reads them under her name, read only, until either ends it; nothing else of Ann's reaches Bob, and a person who
/// shares nothing is the same 404 as one who does not exist.
extension UserCrossingTests {
    /// Health signed in as one person of the pair.
    struct Signed {
        let daemon: DaemonHarness
        let cookie: String

        init(_ pair: Pair, _ person: Person) async throws {
            daemon = pair.daemon
            cookie = try await WebClient.signIn(pair.daemon, name: person.name, secret: person.secret)
        }

        func get(_ path: String) async throws -> WebClient.Page {
            try await WebClient.get(path, daemon, cookie: cookie)
        }

        /// Posts `fields` with the Sharing page's CSRF token.
        func post(_ path: String, _ fields: [(String, String)] = []) async throws -> WebClient.Page {
            let csrf = try #require(WebClient.csrf(in: try await get("/sharing").text))
            return try await WebClient.post(path, daemon, cookie: cookie, fields: [("csrf", csrf)] + fields)
        }

        func share(with name: String, _ categories: [String]) async throws -> WebClient.Page {
            try await post("/sharing/people", [("name", name)] + categories.map { ("category", $0) })
        }
    }

    @Test func bobReadsWhatAnnSharesUnderHerNameAndOnlyReads() async throws {
        try await Self.withPair { pair in
            let ann = try await Signed(pair, pair.ann), bob = try await Signed(pair, pair.bob)
            let shared = try await ann.share(with: "bob", ["heart"])
            #expect(shared.status == 303, "\(shared.text)")
            #expect(try await ann.get("/sharing").text.contains(#"<span class="webhook-url share-person">bob</span>"#))

            let sharing = try await bob.get("/sharing").text
            #expect(sharing.contains(#"<a class="webhook-url" href="/shared/ann">ann</a>"#))
            let person = try await bob.get("/shared/ann")
            #expect(person.status == 200 && person.text.contains("Shared by ann"))
            #expect(person.text.contains(#"href="/shared/ann/types/heartRate""#))

            let page = try await bob.get("/shared/ann/types/heartRate")
            #expect(page.status == 200)
            // Ann's heart rate (61), not Bob's own (62), without a way to change anything.
            #expect(page.text.contains(#"<span class="sample-value">61"#))
            #expect(!page.text.contains(#"<span class="sample-value">62"#))
            for action in ["class=\"add-form\"", "id=\"favorite\"", "class=\"danger compact delete\"", "priority"] {
                #expect(!page.text.contains(action), "\(action)")
            }
            // Ann's access log names Bob's read.
            #expect(try await ann.get("/log").text.contains("shared:bob"))
        }
    }

    @Test func whatAnnDoesNotShareIsTheSame404AsAPersonWhoSharesNothing() async throws {
        try await Self.withPair { pair in
            let ann = try await Signed(pair, pair.ann), bob = try await Signed(pair, pair.bob)
            _ = try await ann.share(with: "bob", ["sleep"])
            _ = try await ann.get("/sharing")  // the share's message, shown once
            #expect(try await bob.get("/shared/ann").text.contains("Nothing stored in this category yet."))
            let unshared = try await bob.get("/shared/ann/types/heartRate")
            #expect(unshared.status == 404)
            // Bob shares nothing with Ann, and no one is named Carol: the same page but for its own address.
            let nobody = try await ann.get("/shared/carol")
            for path in ["/shared/bob", "/shared/bob/types/heartRate"] {
                let nothing = try await ann.get(path)
                #expect(nothing.status == 404 && nobody.status == 404)
                #expect(nothing.text.replacingOccurrences(of: path, with: "/shared/carol") == nobody.text)
            }
        }
    }

    @Test func annStopsSharingAndBobsViewEndsAtOnce() async throws {
        try await Self.withPair { pair in
            let ann = try await Signed(pair, pair.ann), bob = try await Signed(pair, pair.bob)
            _ = try await ann.share(with: "bob", ["heart"])
            #expect(try await bob.get("/shared/ann/types/heartRate").status == 200)
            #expect(try await ann.post("/sharing/people/bob/stop").status == 303)
            #expect(try await bob.get("/shared/ann/types/heartRate").status == 404)
            #expect(try await bob.get("/shared/ann").status == 404)
            #expect(try await bob.get("/sharing").text.contains("No one shares their data with you."))
            #expect(try await ann.post("/sharing/people/bob/stop").status == 404)
        }
    }

    @Test func bobStopsViewingAndAnnNoLongerSharesWithHim() async throws {
        try await Self.withPair { pair in
            let ann = try await Signed(pair, pair.ann), bob = try await Signed(pair, pair.bob)
            _ = try await ann.share(with: "bob", ["heart"])
            #expect(try await bob.post("/shared/ann/leave").status == 303)
            #expect(try await bob.get("/shared/ann").status == 404)
            #expect(try await ann.get("/sharing").text.contains("You share with no one."))
            #expect(try await bob.post("/shared/ann/leave").status == 404)
        }
    }

    @Test func aShareWithAnUnknownNameOneselfNoCategoryOrAnUnofferedOneIsRefusedAndChangesNothing() async throws {
        try await Self.withPair { pair in
            let ann = try await Signed(pair, pair.ann)
            let refusals: [(String, [String], String)] = [
                ("carol", ["heart"], "No one named"), ("ann", ["heart"], "This is your own name"),
                ("bob", [], "Choose at least one category"),
                ("bob", ["heart", "secrets"], "Choose among the categories"),
            ]
            for (name, categories, words) in refusals {
                let refused = try await ann.share(with: name, categories)
                #expect(refused.status == 400, "\(name) \(categories)")
                #expect(refused.text.contains(#"id="person-share-error""#) && refused.text.contains(words))
            }
            #expect(try await ann.get("/sharing").text.contains("You share with no one."))
        }
    }

    @Test func onAStoreOfOnePersonSharingOffersNoOneToShareWith() async throws {
        let daemon = try await DaemonHarness.launch()
        do {
            let cookie = try await WebClient.signIn(daemon)
            let page = try await WebClient.get("/sharing", daemon, cookie: cookie)
            #expect(page.status == 200 && !page.text.contains("Share with Someone"))
            let csrf = try #require(WebClient.csrf(in: page.text))
            let refused = try await WebClient.post(
                "/sharing/people", daemon, cookie: cookie,
                fields: [("csrf", csrf), ("name", "bob"), ("category", "heart")])
            #expect(refused.status == 400)
        } catch {
            try? await daemon.stop()
            throw error
        }
        try await daemon.stop()
    }
}
