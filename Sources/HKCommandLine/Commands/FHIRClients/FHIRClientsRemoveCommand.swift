import ArgumentParser
import OpenHealthKitEngine
import OpenHealthKitModel

/// `hk fhir-clients remove ID`: the app's tokens stop working at once.
struct FHIRClientsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an app: every token it holds stops working at once.")

    @Argument(help: "The app's client ID.")
    var id: String

    @OptionGroup var store: UserStoreOption

    func run() async throws {
        let (engine, _) = try store.openEngine(command: "hk fhir-clients remove")
        guard try engine.blocking({ try await $0.removeFHIRClient(id) }) else {
            throw HKError.invalidArgument("no FHIR client has the id \(id)")
        }
    }
}
