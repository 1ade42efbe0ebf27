/// The options many commands share (`--store`, `--timezone`, `--healthd`, `--format`), accepted before the command
/// as well as after it: `hk --store health.sqlite samples heartRate` is `hk samples heartRate --store health.sqlite`.
///
/// ArgumentParser reads an option only where the command that declares it is parsed, so the options written before
/// the first command word are moved after the command's own arguments (before a `--`, which ends the options). A
/// command that does not take the option still refuses it, naming it.
enum GlobalOptions {
    /// The options moved, each taking one value (`--store PATH` or `--store=PATH`).
    static let names: Set<String> = ["--store", "--timezone", "--healthd", "--format"]

    /// `arguments` (without the program's name) with the leading shared options moved after the command.
    static func normalized(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = String(argument.prefix { $0 != "=" })
            guard names.contains(name) else { break }
            leading.append(argument)
            if !argument.contains("="), index + 1 < arguments.count {
                leading.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        // Only when a command follows: alone, the options are refused as they are.
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: leading, at: end)
        return rest
    }
}
