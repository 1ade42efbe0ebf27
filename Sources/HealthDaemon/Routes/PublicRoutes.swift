import Foundation
import OpenHealthKitModel
import Hummingbird
import NIOCore
import OpenHealthKitWire

/// Routes anyone on this machine may call: the API description and a liveness check. (`/` is the Health web app's
/// Summary: HealthWeb registers it.)
struct PublicRoutes {
    func add(to router: Router<BasicRequestContext>) {
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
