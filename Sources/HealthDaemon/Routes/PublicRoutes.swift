import Foundation
import OpenHealthKitModel
import Hummingbird
import NIOCore
import OpenHealthKitWire

extension HealthDaemon {
    /// Routes anyone on this machine may call: the API description and a liveness check. (`/` is the Health web
    /// app: see `addWebRoutes`.)
    func addPublicRoutes(to router: Router<BasicRequestContext>) {
        router.on(WireRoutes.openAPI) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        router.on(WireRoutes.status) { _, _ in
            JSONResponses.response(["status": "ok"])
        }
    }
}
