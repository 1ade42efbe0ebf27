import ArgumentParser
import Foundation

extension HK {
    /// Parses `arguments` (the process's when nil), runs the chosen command, and exits on failure.
    ///
    /// The shared options (`--store`, `--timezone`, `--healthd`, `--format`) may come before the command
    /// (``GlobalOptions``). Help and `--version` print to stdout and exit 0. Any failure prints one line,
    /// `hk: <message>`, to stderr and exits with ``ExitStatus/badInput`` (2) for bad input, including
    /// ArgumentParser's own usage errors, or ``ExitStatus/failure`` (1) otherwise.
    ///
    /// Named apart from ArgumentParser's `main()` overloads, which `hk`'s `main.swift` would otherwise resolve to the
    /// synchronous one.
    public static func execute(_ arguments: [String]? = nil) async {
        do {
            let given = arguments ?? Array(CommandLine.arguments.dropFirst())
            var command = try await asyncParseAsRoot(GlobalOptions.normalized(given))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    private static func exit(reporting error: any Error) -> Never {
        guard let status = ExitStatus(for: error) else { exit(withError: error) }  // help, version, clean exits
        if let line = errorLine(for: error) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        Foundation.exit(status.rawValue)
    }

    /// `hk: <message>` on one line, or nil for an error that carries no message (a bare `ExitCode`).
    ///
    /// ArgumentParser lists allowed values as `- value` lines; they become a comma-separated list.
    static func errorLine(for error: any Error) -> String? {
        var text = ""
        for line in message(for: error).split(whereSeparator: \.isNewline) {
            let line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("- ") {
                text += (text.hasSuffix(":") ? " " : ", ") + line.dropFirst(2)
            } else if !line.isEmpty {
                text += (text.isEmpty ? "" : " ") + line
            }
        }
        return text.isEmpty ? nil : "hk: \(text)"
    }
}
