import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The stylesheet and script, compiled into the binary (``WebAssets``). Pages link them with `?v=<version>`, a hash
/// of their contents, so a browser may keep them for a day and still gets new ones after an upgrade.
enum StaticAssets {
    static let version: String = {
        // FNV-1a over every file, in name order: a change in any file changes every link.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in WebAssets.staticFiles.keys.sorted() {
            for byte in (name + (WebAssets.staticFiles[name] ?? "")).utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }()

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        return "application/octet-stream"
    }
}

extension HealthWebApp {
    /// `GET /static/<name>`: public (the sign-in page needs them), nothing personal in them.
    func addStaticRoutes(to router: Router<BasicRequestContext>) {
        router.get(WebRoutes.staticFile.routerPath) { request, context in
            guard let name = context.parameters.get("name"), let text = WebAssets.staticFiles[name] else {
                return Response(
                    status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "Not found\n")))
            }
            return Response(
                status: .ok,
                headers: [
                    .contentType: StaticAssets.contentType(of: name), .cacheControl: "private, max-age=86400",
                    .xContentTypeOptions: "nosniff",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
    }
}
