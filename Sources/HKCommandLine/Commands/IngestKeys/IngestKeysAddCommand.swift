import ArgumentParser
import OpenHealthKitEngine
import OpenHealthKitExchange

/// `hk ingest-keys add NAME`: a new key, printed alone on the last line, once (the store keeps its hash).
struct IngestKeysAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an ingest key and print it, alone on the last line, once.")

    @Argument(help: "The key's name (1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit).")
    var name: String

    @OptionGroup var store: UserStoreOption

    func run() async throws {
        let (keys, user) = try store.open(command: "hk ingest-keys add")
        let (record, key) = try UserStoreOption.refusing { try keys.add(name: name, user: user) }
        print(
            "added ingest key \(record.name); send it as Authorization: Bearer <key> or api-key: <key>, shown only this once:"
        )
        print(key)
    }
}
