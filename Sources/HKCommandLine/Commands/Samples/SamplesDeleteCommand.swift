import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk samples delete UUID...`: deletes stored objects, all or none.
struct SamplesDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete samples by UUID (any type, any source); prints nothing.",
        discussion: """
            Every UUID must name a stored object: a malformed UUID, or one the store does not hold, exits 2 and \
            deletes nothing. Deleting a correlation deletes its members.
            """
    )

    @Argument(help: ArgumentHelp("The UUIDs of the objects to delete.", valueName: "uuid"))
    var uuids: [String]
    @OptionGroup var store: StoreOption

    func run() async throws {
        let uuids = try uuids.map(CommandLineInput.uuid)
        let engine = try store.openEngine()
        let stored = try await engine.storedUUIDs(among: Set(uuids))
        if let missing = uuids.first(where: { !stored.contains($0) }) {
            throw HKError.invalidArgument("no object with UUID \(missing.uuidString) in the store")
        }
        try await engine.delete(uuids: uuids, as: try Principal.owner())
    }
}
