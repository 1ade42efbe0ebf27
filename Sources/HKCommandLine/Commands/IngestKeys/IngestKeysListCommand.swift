import ArgumentParser
import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange

/// `hk ingest-keys [list]`: the store's ingest keys, by name, with when each last pushed (never the keys).
struct IngestKeysListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the ingest keys, by name, with their last push (never the keys).")

    @OptionGroup var store: UserStoreOption
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let (keys, _) = try store.open(command: "hk ingest-keys list")
        let timeZone = try zone.timeZone(store: store.store)
        try output.print(try keys.list().map { IngestKeyOutput($0, timeZone: timeZone) })
    }
}

/// An ingest key as `hk ingest-keys list` prints it.
struct IngestKeyOutput: OutputRecord {
    let name: String
    let created: String
    /// Empty before its first push.
    let lastPush: String?

    static let columns = ["name", "created", "lastPush"]

    init(_ key: IngestKeyRecord, timeZone: TimeZone) {
        name = key.name
        created = key.created.formattedForOutput(in: timeZone)
        lastPush = key.lastPush?.formattedForOutput(in: timeZone)
    }

    var cells: [String] { [name, created, lastPush ?? ""] }
}
