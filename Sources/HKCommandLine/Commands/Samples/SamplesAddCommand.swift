import ArgumentParser
import Foundation
import OpenHealthKit

/// `hk samples add TYPE VALUE [UNIT] [--start DATE] [--end DATE] [--source NAME] [--metadata KEY=VALUE ...]`:
/// saves one sample and prints its UUID.
struct SamplesAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save a quantity or category sample; prints its UUID.",
        usage: """
            hk samples add <type> <value> <unit> [<options>]
            hk samples add <category-type> <value-name> [<options>]
            """,
        discussion: """
            A quantity sample takes a number and a unit compatible with its type (hk samples add bodyMass 72.5 kg); \
            a category sample takes its value by case name (or number), no unit (hk samples add sleepAnalysis \
            asleepCore). \
            --start defaults to now, --end to --start. Repeat --metadata for each entry: \
            --metadata HKWasUserEntered=true --metadata HKElevationAscended='418 cm'. HealthKit's keys take the \
            kind of value HealthKit expects; for other keys, true/false is a boolean, a number a number, \
            '<number> <unit>' a quantity, anything else text.
            """
    )

    private static let operandNames = ["type", "value"]
    private static let optionalOperandNames = ["unit"]

    @OptionGroup var operands: Operands
    @Option(help: ArgumentHelp("When the sample starts (default: now).", valueName: "date"))
    var start: String?
    @Option(help: ArgumentHelp("When the sample ends (default: its start).", valueName: "date"))
    var end: String?
    @OptionGroup var source: OwnerSourceOption
    @Option(
        name: .customLong("metadata"),
        help: ArgumentHelp("A metadata entry; repeat for more.", valueName: "key=value")
    )
    var metadataEntries: [String] = []
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption

    func validate() throws {
        _ = try operands.values(named: Self.operandNames, optional: Self.optionalOperandNames)
    }

    func run() async throws {
        let sample = try makeSample()
        let owner = try source.principal()
        try await store.openEngine().save([sample], as: owner)
        print(sample.uuid.uuidString)
    }

    /// The sample the arguments describe, checked as HealthKit checks it.
    private func makeSample() throws -> HKSample {
        let values = try operands.values(named: Self.operandNames, optional: Self.optionalOperandNames)
        let type = try CommandLineInput.quantityOrCategoryType(named: values[0])
        let timeZone = try zone.timeZone(store: store)
        let startDate = try start.map { try CommandLineInput.date($0, timeZone: timeZone) } ?? Date()
        let endDate = try end.map { try CommandLineInput.date($0, timeZone: timeZone) } ?? startDate
        let metadata = try CommandLineInput.metadata(metadataEntries, timeZone: timeZone)
        switch type {
        case let quantityType as HKQuantityType:
            guard values.count == 3 else { throw ValidationError("Missing expected argument '<unit>'") }
            let quantity = HKQuantity(
                unit: try HKUnit(parsing: values[2]), doubleValue: try CommandLineInput.number(values[1], role: "VALUE")
            )
            return try HKQuantitySample(
                validating: quantityType, quantity: quantity, start: startDate, end: endDate, metadata: metadata)
        case let categoryType as HKCategoryType:
            if values.count == 3 {
                throw ValidationError("Unexpected argument '\(values[2])': category values have no unit")
            }
            return try HKCategorySample(
                validating: categoryType, value: try Self.categoryValue(values[1], of: categoryType), start: startDate,
                end: endDate, metadata: metadata)
        default:
            preconditionFailure("quantityOrCategoryType(named:) returns quantity and category types")
        }
    }

    /// A category value by case name (`asleepCore`, or Apple's `HKCategoryValueSleepAnalysisAsleepCore`) or number.
    private static func categoryValue(_ text: String, of type: HKCategoryType) throws -> Int {
        if let value = type.value(named: text) ?? Int(text) { return value }
        let names = type.descriptor.values.map(\.name).joined(separator: ", ")
        throw HKError.invalidArgument("invalid value '\(text)' for \(type.name): use one of \(names)")
    }
}
