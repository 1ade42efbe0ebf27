import ArgumentParser
import OpenHealthKitWire

/// `hk webhooks remove ID`: the subscription ends, with its undelivered message and its log.
struct WebhooksRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "End a subscription: nothing more is posted to it. Prints nothing.")

    @Argument(help: "The subscription's id (wh_...).")
    var id: String
    @OptionGroup var healthd: HealthdOption

    func run() async throws {
        _ = try await healthd.client().call(WireRoutes.removeOwnerWebhook.with(id), as: WireWebhook.self)
    }
}
