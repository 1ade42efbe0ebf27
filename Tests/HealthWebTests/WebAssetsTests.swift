import Foundation
import Testing
@testable import HealthWeb

/// The templates and static files compiled into healthd are those in Sources/HealthWeb/Resources, and no template
/// prints a value without escaping it.
struct WebAssetsTests {
    private static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HealthWeb/Resources")

    private static func files(in folder: String, dropping suffix: String) throws -> [String: String] {
        let directory = resources.appendingPathComponent(folder)
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !name.hasPrefix(".") {
            files[String(name.dropLast(suffix.count))] = try String(
                contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test func theCompiledTemplatesAreTheResourceFiles() throws {
        #expect(
            WebAssets.templates == (try Self.files(in: "templates", dropping: ".mustache")),
            "Sources/HealthWeb/Generated/WebAssets.swift is stale: run python3 Scripts/generate_web_assets.py")
        #expect(
            WebAssets.staticFiles == (try Self.files(in: "static", dropping: "")),
            "Sources/HealthWeb/Generated/WebAssets.swift is stale: run python3 Scripts/generate_web_assets.py")
    }

    @Test func noTemplatePrintsAValueUnescaped() {
        for (name, text) in WebAssets.templates {
            #expect(!text.contains("{{{"), "\(name) uses {{{ }}}")
            #expect(!text.contains("{{&"), "\(name) uses {{& }}")
            #expect(
                !text.contains("<script>"), "\(name) has an inline script, which the Content-Security-Policy forbids")
            #expect(
                !text.contains(" style=\""), "\(name) has an inline style, which the Content-Security-Policy forbids")
            #expect(
                text.range(of: #" on[a-z]+=""#, options: .regularExpression) == nil,
                "\(name) has an inline event handler")
        }
    }

    @Test func everyTemplateParsesAndValuesAreEscaped() {
        let renderer = PageRenderer()
        let html = renderer.render(
            "error",
            [
                "status": "400", "reason": "Bad Request", "message": "<img src=x onerror=alert(1)> & \"'",
                "signedIn": true,
            ])
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;&#39;"))
        #expect(!html.contains("<img"))
    }

    @Test func linksToTheStaticFilesChangeWithTheirContents() {
        #expect(!StaticAssets.version.isEmpty)
        #expect(StaticAssets.contentType(of: "health.css") == "text/css; charset=utf-8")
        #expect(StaticAssets.contentType(of: "health.js") == "text/javascript; charset=utf-8")
    }
}
