import Foundation
import OpenHealthKitEngine

/// What `hk migrate` did: each kind of record's count and checksum on both sides, and the apps to register again.
struct MigrationOutcome {
    let tallies: [MigrationTally]
    let appsToRegister: [RegisteredApp]

    /// Copies `source` into `destination`, then tallies both.
    init(source: any HealthStorage, destination: any HealthStorage, batchSize: Int) throws {
        let (copied, before, after) = try InlineExecution.complete {
            (
                try await StoreCopy.copy(from: source, to: destination, batchSize: batchSize),
                try await StoreTally.tally(source), try await StoreTally.tally(destination)
            )
        }
        tallies = zip(before, after).map(MigrationTally.init)
        appsToRegister = copied.appsToRegister
    }

    /// Whether every count and checksum is equal.
    var isEqual: Bool { tallies.allSatisfy { $0.result == "equal" } }

    /// The apps the owner must register again, and how (`registering`), to stderr when stdout is for programs.
    func printAppsToRegister(registering: String, toStandardError: Bool) {
        guard !appsToRegister.isEmpty else { return }
        var text =
            "Apps whose credentials did not move (their grants did): register each again with "
            + "\(registering), then give the app its new credential:\n"
        for app in appsToRegister.sorted(by: { $0.bundleIdentifier < $1.bundleIdentifier }) {
            text += "  \(app.bundleIdentifier) (\(app.manifest.name))\n"
        }
        if toStandardError {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            print("\n" + text, terminator: "")
        }
    }
}

/// One kind of record as `hk migrate` prints it.
struct MigrationTally: OutputRecord {
    let table: String
    let sourceCount: Int
    let destinationCount: Int
    let sourceChecksum: String
    let destinationChecksum: String
    /// `equal`, or what differs.
    let result: String

    static let columns = [
        "table", "sourceCount", "destinationCount", "sourceChecksum", "destinationChecksum", "result",
    ]

    init(source: TableTally, destination: TableTally) {
        table = source.table
        sourceCount = source.count
        destinationCount = destination.count
        sourceChecksum = source.checksum
        destinationChecksum = destination.checksum
        if source.count != destination.count {
            result = "\(destination.count - source.count >= 0 ? "+" : "")\(destination.count - source.count) rows"
        } else {
            result = source.checksum == destination.checksum ? "equal" : "checksums differ"
        }
    }

    var cells: [String] {
        [table, String(sourceCount), String(destinationCount), sourceChecksum, destinationChecksum, result]
    }
}
