import ArgumentParser
import OpenHealthKitWire

/// `hk apps [list]`: the apps registered with healthd, revoked ones included.
struct AppsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the apps registered with healthd, by bundle identifier, revoked ones included.",
        discussion: """
            The apps commands act as the owner through a running healthd: at --healthd, else \
            $OPENHEALTHKIT_HEALTHD, else http://127.0.0.1:8787, with the owner secret healthd keeps next to its store \
            (<store>.owner-secret, for the store --store names; else $OPENHEALTHKIT_OWNER_SECRET; else the file next \
            to $OPENHEALTHKIT_STORE or the default store).
            """
    )

    @OptionGroup var healthd: HealthdOption
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let timeZone = try zone.timeZone(store: healthd.store)
        let registered = try await healthd.client().call(WireRoutes.ownerApps, as: WireRegisteredApps.self)
        try output.print(registered.apps.map { AppRecord($0, timeZone: timeZone) })
    }
}
