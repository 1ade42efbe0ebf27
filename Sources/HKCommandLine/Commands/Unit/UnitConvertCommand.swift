import ArgumentParser
import OpenHealthKit

/// `hk unit convert VALUE FROM TO`: prints VALUE in FROM converted to TO, the number alone.
struct UnitConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a value from one unit to another.",
        usage: "hk unit convert <value> <from> <to>",
        discussion: """
            <value> is a number (negative values such as -40 are fine); <from> and <to> are HKUnit strings \
            (degF, lb, mmol<180.15588000005408>/L, count/min). Prints the converted number alone, with up to \
            12 significant digits.

            Example: hk unit convert 98.6 degF degC
            """
    )

    private static let operandNames = ["value", "from", "to"]

    @OptionGroup var operands: Operands

    func validate() throws {
        _ = try operands.values(named: Self.operandNames)
    }

    func run() async throws {
        let values = try operands.values(named: Self.operandNames)
        let number = try CommandLineInput.number(values[0], role: "VALUE")
        let quantity = HKQuantity(unit: try HKUnit(parsing: values[1]), doubleValue: number)
        print(try quantity.convertedValue(to: try HKUnit(parsing: values[2])).formattedForOutput)
    }
}
