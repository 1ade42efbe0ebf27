import ArgumentParser
import OpenHealthKit
import OpenHealthKitEngine

/// The `--source` option of commands that write: the name what `hk` saves is labelled with ("Health" by default).
///
/// `hk` acts for the owner, who needs no permission; the name only labels the data (`SourceRow.owner(named:)` gives
/// its bundle identifier).
struct OwnerSourceOption: ParsableArguments {
    @Option(name: .customLong("source"), help: ArgumentHelp("The source name to save under.", valueName: "name"))
    var name: String = Principal.defaultOwnerSourceName

    /// The owner saving under this source name.
    func principal() throws -> Principal {
        try .owner(named: name)
    }
}
