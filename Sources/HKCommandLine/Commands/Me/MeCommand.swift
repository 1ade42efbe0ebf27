import ArgumentParser
import OpenHealthKit
import OpenHealthKitEngine

/// `hk me [--set KEY=VALUE ...]`: the owner's characteristics, printed or set.
struct MeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "me",
        abstract:
            "Print or set your characteristics: date of birth, biological sex, blood type, skin type, wheelchair use, move mode.",
        discussion: """
            Without --set, prints each characteristic as apps allowed to read it see it (notSet when unset; the \
            move mode reads activeEnergy until set). --set takes the short name and a case name \
            (--set biologicalSex=female --set bloodType=aPositive --set fitzpatrickSkinType=III \
            --set wheelchairUse=no --set activityMoveMode=appleMoveTime) or, for dateOfBirth, a date \
            (--set dateOfBirth=1984-03-02). An empty value or notSet clears a characteristic. Setting prints nothing.
            """
    )

    @Option(
        name: .customLong("set"), help: ArgumentHelp("Set a characteristic; repeat for more.", valueName: "key=value"))
    var assignments: [String] = []
    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let changes = try assignments.map(Self.change)
        let engine = try store.openEngine()
        guard changes.isEmpty else {
            for (characteristic, value) in changes {
                try await engine.setCharacteristic(characteristic.identifier, to: value)
            }
            return
        }
        let owner = try Principal.owner()
        var records: [CharacteristicRecord] = []
        for characteristic in Characteristic.all {
            let stored = try await engine.characteristic(characteristic.identifier, as: owner)
            records.append(CharacteristicRecord(name: characteristic.name, value: characteristic.printedValue(stored)))
        }
        try output.print(records)
    }

    /// `KEY=VALUE` read and checked: the characteristic and its stored value (nil to clear).
    private static func change(_ assignment: String) throws -> (Characteristic, String?) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw HKError.invalidArgument("invalid --set '\(assignment)': use KEY=VALUE, such as biologicalSex=female")
        }
        let characteristic = try Characteristic.named(String(assignment[..<equals]))
        return (characteristic, try characteristic.storedValue(String(assignment[assignment.index(after: equals)...])))
    }
}
