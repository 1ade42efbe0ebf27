import Hummingbird
import OpenHealthKitModel

/// Webhooks' forms: Add (a URL, the types it follows, leave to post outside this machine), answered with the page
/// showing the new webhook's secret that once, or with the form again and why it was refused; and each webhook's
/// Remove. Both are audited as the owner's API audits them (`webhook.add`, `webhook.remove`, the id as subject).
extension HealthWebApp {
    func addWebhookActions(to router: Router<BasicRequestContext>) {
        action(router, WebRoutes.webhooks) { [self] web in
            let host = web.host
            let url = web.form["url"] ?? ""
            let types = web.form.all("type")
            let allowsExternal = web.form["allowExternal"] != nil
            let added: NewWebhook
            do {
                added = try await blocking {
                    try host.addWebhook(url: url, types: types, allowsExternal: allowsExternal)
                }
            } catch let error as HKError where error.code == .errorInvalidArgument {
                return try await webhooksPage(
                    web, form: (web.form, MessageText.forPeople(error.message)), status: .badRequest)
            }
            await host.audit(
                "webhook.add", types: added.webhook.types, count: 0, errorCode: nil, subject: added.webhook.id)
            return try await webhooksPage(web, added: added)
        }

        action(router, WebRoutes.webhookRemove) { [self] web in
            let id = try web.parameter("id")
            let host = web.host
            guard try await blocking({ try host.removeWebhook(id: id) }) else {
                throw WebError.notFound("No webhook has this id.")
            }
            await host.audit("webhook.remove", types: [], count: 0, errorCode: nil, subject: id)
            return redirect(
                web, to: WebRoutes.webhooks.path(),
                message: "The webhook \(id) is removed: healthd posts no more changes to it.")
        }
    }
}
