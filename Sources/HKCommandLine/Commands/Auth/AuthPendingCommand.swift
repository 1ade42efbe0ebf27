import ArgumentParser
import OpenHealthKitWire

/// `hk auth [pending]`: the permission requests waiting for the owner, oldest first.
struct AuthPendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List the permission requests waiting for your answer, oldest first.",
        discussion:
            "Each names the app and the types it asks to share (write) and to read. hk auth answer answers them."
    )

    @OptionGroup var healthd: HealthdOption
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let timeZone = try zone.timeZone(store: healthd.store)
        let pending = try await healthd.client().call(WireRoutes.pendingAuthorizations, as: WirePendingRequests.self)
        try output.print(pending.requests.map { PendingRequestRecord($0, timeZone: timeZone) })
    }
}
