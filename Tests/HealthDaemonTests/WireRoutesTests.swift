import Foundation
import OpenHealthKit
import OpenHealthKitWire
import Testing

/// healthd's routes, defined once in `WireRoutes` for the daemon and its clients, are those docs/openapi.yaml
/// documents.
struct WireRoutesTests {
    private static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.yaml")

    /// The method and path of every operation under the document's `paths:`, read as the file is laid out: a path
    /// is a key indented by two spaces, its operations keys indented by four.
    private static func documentedEndpoints() throws -> [WireEndpoint] {
        var endpoints: [WireEndpoint] = []
        var inPaths = false
        var path: String?
        for line in try String(contentsOf: document, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if !line.hasPrefix(" "), !line.isEmpty { inPaths = line == "paths:" }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path,
                let method = WireMethod(rawValue: line.dropFirst(4).prefix { $0 != ":" }.uppercased())
            {
                endpoints.append(WireEndpoint(method, path))
            }
        }
        return endpoints
    }

    @Test func theDefinedRoutesAreTheDocumentedOnes() throws {
        let documented = try Self.documentedEndpoints()
        #expect(documented.count > 40)
        let defined = Set(WireRoutes.all)
        for endpoint in documented where !defined.contains(endpoint) {
            Issue.record("\(endpoint) is documented in docs/openapi.yaml but not defined in WireRoutes")
        }
        for endpoint in WireRoutes.all where !documented.contains(endpoint) {
            Issue.record("\(endpoint) is defined in WireRoutes but not documented in docs/openapi.yaml")
        }
    }

    @Test func noRouteIsDefinedTwice() {
        #expect(Set(WireRoutes.all).count == WireRoutes.all.count)
    }

    @Test func aPathParameterIsWrittenAsOneEscapedSegment() {
        #expect(WireRoutes.ownerApp.path("com.example.app") == "/v1/owner/apps/com.example.app")
        #expect(WireRoutes.appGrants.path("a/b c") == "/v1/owner/apps/a%2Fb%20c/grants")
        #expect(
            WireRoutes.characteristic.path(.biologicalSex)
                == "/v1/characteristics/HKCharacteristicTypeIdentifierBiologicalSex")
        let id = UUID()
        #expect(WireRoutes.answerAuthorization.path(id) == "/v1/owner/authorization/\(id.uuidString)/answer")
        #expect(WireRoutes.anchor.path == "/v1/anchor")
    }
}
