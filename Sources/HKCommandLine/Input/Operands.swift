import ArgumentParser

/// A command's positional operands when one of them may be a negative number (`hk unit convert -40 degC degF`).
///
/// ArgumentParser reads `-40` as an option, so such a command declares no `@Argument`s: it takes this group, which
/// captures every input no option claimed, in order, sets `usage:` in its configuration, and reads the operands
/// with ``values(named:)``. Options keep working as usual; an unknown option is still refused, and `--` still ends
/// the options.
struct Operands: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: .private)
    var captured: [String] = []

    /// The operands, one per name in `names` (e.g. `["value", "from", "to"]`) followed by up to one per name in
    /// `optional`, or a usage error naming what is wrong.
    func values(named names: [String], optional: [String] = []) throws -> [String] {
        var values: [String] = []
        var optionsEnded = false
        for input in captured {
            if !optionsEnded, input == "--" {
                optionsEnded = true
            } else if !optionsEnded, input.hasPrefix("-"), input != "-", Double(input) == nil {
                throw ValidationError("Unknown option '\(input)'")
            } else {
                values.append(input)
            }
        }
        if values.count < names.count {
            throw ValidationError("Missing expected argument '<\(names[values.count])>'")
        }
        if values.count > names.count + optional.count {
            throw ValidationError("Unexpected argument '\(values[names.count + optional.count])'")
        }
        return values
    }
}
