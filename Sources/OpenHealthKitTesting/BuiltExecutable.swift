public import Foundation

/// The package's executables as SwiftPM built them for the running tests (or benchmark).
public enum BuiltExecutable {
    /// The executable `name` next to the running binary (SwiftPM builds every product of a configuration into
    /// `.build/<triple>/<configuration>/`), else in `.build/debug/` of this checkout.
    public static func url(_ name: String) -> URL {
        let runner = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            runner.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name),
            repository.appendingPathComponent(".build/debug/\(name)"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }
}
