import Foundation
import OpenHealthKitModel
import Hummingbird
import NIOCore

extension HealthDaemon {
    /// Routes anyone on this machine may call: the API description, a liveness check and the web app's page.
    func addPublicRoutes(to router: Router<BasicRequestContext>) {
        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml + "\n")))
        }
        router.get("/v1/status") { _, _ in
            JSONResponses.response(["status": "ok"])
        }
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: Self.homePage)))
        }
    }

    private static let homePage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Health</title></head>
        <body><h1>Health</h1>
        <p>healthd is running. The Health web app is not built yet; the API is described at
        <a href="/openapi.yaml">/openapi.yaml</a>.</p></body></html>
        """
}
