import ArgumentParser
import OpenHealthKitEngine
import OpenHealthKitExchange

/// `hk fhir-clients add NAME --redirect-uri URI [--confidential]`: registers an app and prints its `client_id` (and a
/// confidential app's secret, once).
struct FHIRClientsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Register an app; print its client ID (and a confidential app's secret, once) on the last lines.")

    @Argument(help: "The app's name, as the consent sheet shows it.")
    var name: String

    @Option(name: .customLong("redirect-uri"), help: "Where the app is answered: https, or http on this machine.")
    var redirectURI: String

    @Flag(help: "The app keeps a secret (a server); else it proves itself with PKCE alone.")
    var confidential = false

    @OptionGroup var store: UserStoreOption

    func run() async throws {
        let (engine, _) = try store.openEngine(command: "hk fhir-clients add")
        let (client, secret) = try engine.blocking { engine in
            try await FHIRClientRegistration.register(
                name: name, redirectURI: redirectURI, confidential: confidential, engine: engine)
        }
        print("registered FHIR client \(client.name); its client_id:")
        print(client.id)
        if let secret {
            print("its client_secret, shown only this once:")
            print(secret)
        }
    }
}
