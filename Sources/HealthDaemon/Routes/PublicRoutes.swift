import Foundation
import OpenHealthKitModel
import Hummingbird
import NIOCore

extension HealthDaemon {
    /// Routes anyone on this machine may call: the API description and a liveness check. (`/` is the Health web
    /// app: see `addWebRoutes`.)
    func addPublicRoutes(to router: Router<BasicRequestContext>) {
        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml + "\n")))
        }
        router.get("/v1/status") { _, _ in
            JSONResponses.response(["status": "ok"])
        }
    }
}
