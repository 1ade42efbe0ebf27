import ArgumentParser
import OpenHealthKitWire

/// `hk apps revoke BUNDLE-ID`: the app's credential stops working.
struct AppsRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke an app: its credential is refused from its next call on.",
        discussion: """
            Its change streams close and its pending permission requests are dropped; its data and its permissions \
            stay. hk apps register lifts a revocation, with a new credential. Revoking prints nothing.
            """
    )

    @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "bundle-id"))
    var app: String
    @OptionGroup var healthd: HealthdOption

    func validate() throws {
        if app.isEmpty { throw ValidationError("give the app's bundle identifier") }
    }

    func run() async throws {
        _ = try await healthd.client().call(WireRoutes.revokeApp.with(app), as: WireRegisteredApp.self)
    }
}
