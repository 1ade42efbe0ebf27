import ArgumentParser
import OpenHealthKitWire

/// `hk webhooks add URL --type T...`: a subscription; its id and secret are printed, the secret alone on the last
/// line and only this once.
struct WebhooksAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Subscribe a URL to the changes of some types; print its id and, once, its signing secret.")

    @Argument(help: "Where healthd posts: http(s) on this machine, or https elsewhere with --allow-external.")
    var url: String
    @Option(name: .customLong("type"), help: "A sample type to follow (stepCount or its identifier); repeatable.")
    var types: [String] = []
    @Flag(help: "Allow a destination outside this machine (https only).")
    var allowExternal = false
    @OptionGroup var healthd: HealthdOption

    func validate() throws {
        if types.isEmpty { throw ValidationError("give at least one --type") }
    }

    func run() async throws {
        let added = try await healthd.client().call(
            WireRoutes.addOwnerWebhook, body: WireWebhookRequest(url: url, types: types, allowExternal: allowExternal),
            as: WireWebhook.self)
        print(
            "added webhook \(added.id) for \(added.types.joined(separator: ", ")); its signing secret, shown only this once:"
        )
        print(added.secret ?? "")
    }
}
