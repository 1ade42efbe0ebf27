import Foundation
import Hummingbird
import Testing

@testable import HealthWeb

/// Health's routes come from one table (``WebRoutes``), which both registers them and writes every link to them.
struct WebRoutesTests {
    /// Nobody signs in: only the routes are looked at.
    private struct NoUsers: HealthWebUsers {
        var signsInByName: Bool { false }
        var ownerSecretFileName: String { "health.sqlite.owner-secret" }
        var hostNames: Set<String> { [] }
        func signIn(name: String?, secret: String) async throws -> Int64? { nil }
        func host(ofUser id: Int64) async throws -> (any HealthWebHost)? { nil }
    }

    @Test func healthRegistersExactlyTheRoutesOfTheTable() {
        let router = Router(context: BasicRequestContext.self)
        HealthWebApp(users: NoUsers()).addRoutes(to: router)
        let registered = Set(router.routes.map { RouterPath($0.path.description).description })
        let table = Set(WebRoutes.all.map(\.routerPath.description))
        #expect(registered == table)
        #expect(WebRoutes.all.count == table.count, "a route is listed twice")
    }

    @Test func aLinkPutsEachValueInItsPlaceAsOnePathSegment() {
        #expect(WebRoutes.type.path("heartRate") == "/types/heartRate")
        #expect(WebRoutes.typeSampleDelete.path("stepCount", "A-1") == "/types/stepCount/samples/A-1/delete")
        #expect(WebRoutes.app.path("com.example.app") == "/sources/com.example.app")
        #expect(WebRoutes.app.path("a/b?c#d é") == "/sources/a%2Fb%3Fc%23d%20%C3%A9")
        #expect(WebRoutes.summary.path() == "/")
    }

    @Test func noTemplateWritesAPathOfItsOwn() {
        for (name, text) in WebAssets.templates {
            for attribute in ["href=\"/", "action=\"/", "src=\"/"] {
                #expect(!text.contains(attribute), "\(name) writes \(attribute)…: take the path from PageLinks")
            }
        }
    }

    @Test func theScriptTakesItsPathsFromThePage() throws {
        let script = try #require(WebAssets.staticFiles["health.js"])
        for literal in ["\"/permissions", "\"/import", "\"/signin"] {
            #expect(!script.contains(literal), "health.js writes \(literal)…")
        }
    }
}
