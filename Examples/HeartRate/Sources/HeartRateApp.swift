import ArgumentParser
import Foundation
import Hummingbird

#if canImport(HealthKit)
import HealthKit
#else
import OpenHealthKit
#endif

/// `HeartRate`: records the user's heart rate in Health, from a small web page on this machine.
@main
struct HeartRateApp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "HeartRate",
        abstract: "Record your heart rate in Health (OpenHealthKit's heart-rate example).",
        discussion: """
            Run it beside healthd, with the credential `hk apps register Examples/HeartRate/App` printed: \
            OPENHEALTHKIT_HEALTHD=http://127.0.0.1:8787 OPENHEALTHKIT_CREDENTIAL=<credential> HeartRate. \
            It asks to store heart rates (answer in Health), then serves its page; see Examples/HeartRate/README.md.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port of the page (0: any free port).")
    var port = 8790

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let healthAddress = HealthStoreConfiguration.current.remote?.address
        if healthAddress == nil {
            Self.say(
                "HeartRate: OPENHEALTHKIT_HEALTHD is not set, so there is no Health to ask: "
                    + "see Examples/HeartRate/README.md", to: .standardError)
        }
        let model = HeartRateModel()
        let screen = HeartRateScreen()
        let events = model.events()
        Task { await screen.follow(events) }
        // "On activation": ask to store heart rates, then follow that permission.
        Task {
            await model.activate()
            screen.permissionAnswered()
        }
        let page = HeartRatePage(model: model, screen: screen, healthAddress: healthAddress, host: host)
        let application = Application(
            router: page.router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "HeartRate"),
            onServerRunning: { [host] channel in
                let port = channel.localAddress?.port ?? 0
                Self.say(
                    "Heart Rate is at http://\(host.contains(":") ? "[\(host)]" : host):\(port)/", to: .standardOutput)
            })
        try await application.runService()
    }

    /// Writes a line at once (unbuffered), so that whoever started the example sees it.
    private static func say(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }
}
