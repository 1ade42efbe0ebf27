import ArgumentParser

/// `hk unit`: work with HealthKit unit strings.
struct UnitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unit",
        abstract: "Work with HealthKit unit strings (count/min, mg/dL, degC...).",
        subcommands: [UnitConvertCommand.self]
    )
}
