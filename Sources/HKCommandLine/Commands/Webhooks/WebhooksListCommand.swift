import ArgumentParser
import Foundation
import OpenHealthKitWire

/// `hk webhooks [list]`: the subscriptions (never their secrets).
struct WebhooksListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the webhook subscriptions: id, url, types (never their secrets).")

    @OptionGroup var healthd: HealthdOption
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let timeZone = try zone.timeZone(store: healthd.store)
        let listed = try await healthd.client().call(WireRoutes.ownerWebhooks, as: WireWebhooks.self)
        try output.print(listed.webhooks.map { WebhookRecord($0, timeZone: timeZone) })
    }
}

/// A subscription as `hk webhooks list` prints it.
struct WebhookRecord: OutputRecord {
    let id: String
    let url: String
    /// Type identifiers, space-separated.
    let types: String
    let allowExternal: Bool
    let created: String

    static let columns = ["id", "url", "types", "allowExternal", "created"]

    init(_ webhook: WireWebhook, timeZone: TimeZone) {
        id = webhook.id
        url = webhook.url
        types = webhook.types.joined(separator: " ")
        allowExternal = webhook.allowExternal
        created = webhook.created.date.formattedForOutput(in: timeZone)
    }

    var cells: [String] { [id, url, types, String(allowExternal), created] }
}
