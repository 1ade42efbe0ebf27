import ArgumentParser
import Foundation
import OpenHealthKitWire

/// `hk webhooks deliveries ID`: the subscription's last delivery attempts, oldest first.
struct WebhooksDeliveriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliveries", abstract: "List a subscription's last delivery attempts (up to 50), oldest first.")

    @Argument(help: "The subscription's id (wh_...).")
    var id: String
    @OptionGroup var healthd: HealthdOption
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let timeZone = try zone.timeZone(store: healthd.store)
        let log = try await healthd.client().call(
            WireRoutes.ownerWebhookDeliveries.with(id), as: WireWebhookDeliveries.self)
        try output.print(log.deliveries.map { WebhookAttemptRecord($0, timeZone: timeZone) })
    }
}

/// A delivery attempt as `hk webhooks deliveries` prints it.
struct WebhookAttemptRecord: OutputRecord {
    let messageID: String
    let time: String
    /// The receiver's status; empty when none answered.
    let status: String
    let changes: Int
    /// Why it failed; empty when delivered.
    let error: String

    static let columns = ["messageID", "time", "status", "changes", "error"]

    init(_ attempt: WireWebhookAttempt, timeZone: TimeZone) {
        messageID = attempt.messageID
        time = attempt.time.date.formattedForOutput(in: timeZone)
        status = attempt.status.map(String.init) ?? ""
        changes = attempt.changes
        error = attempt.error ?? ""
    }

    var cells: [String] { [messageID, time, status, String(changes), error] }
}
