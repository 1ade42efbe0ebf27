import ArgumentParser
import OpenHealthKitEngine
import OpenHealthKitExchange

/// `hk ingest-keys revoke NAME`: pushes with the key are refused from then on.
struct IngestKeysRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke an ingest key: pushes with it are refused from then on (what they stored stays).")

    @Argument(help: "The key's name.")
    var name: String

    @OptionGroup var store: UserStoreOption

    func run() async throws {
        let (keys, _) = try store.open(command: "hk ingest-keys revoke")
        try UserStoreOption.refusing { try keys.revoke(name: name) }
    }
}
