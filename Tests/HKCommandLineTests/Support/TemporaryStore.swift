import Foundation
import GRDB
import Testing

/// A store file of its own for one test, in a fresh temporary folder, that `hk` commands run against.
final class TemporaryStore {
    let folder: URL
    let path: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("health.sqlite").path
    }

    /// A store file named `name` in `folder`, another test store's (which removes the folder).
    init(folder: URL, name: String) {
        self.folder = folder
        path = folder.appendingPathComponent(name).path
        owner = false
    }

    /// Whether this store removes its folder when it goes.
    private var owner = true

    deinit {
        guard owner else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// `hk arguments... --store <path>`.
    func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> HKProcess.Result {
        try await HKProcess.run(arguments + ["--store", path], environment: environment)
    }

    /// Runs a command that must succeed; returns its stdout.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Saves a sample with `hk samples add` and returns its UUID.
    @discardableResult
    func add(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await succeed(["samples", "add"] + arguments, sourceLocation: sourceLocation)
            .trimmingCharacters(in: .newlines)
    }

    /// `hk samples TYPE arguments... --format json` parsed.
    func samples(_ type: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [[String: Any]]
    {
        let output = try await succeed(
            ["samples", type, "--format", "json"] + arguments, sourceLocation: sourceLocation)
        return try #require(
            JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// What the store holds, as `hk` prints it: the samples of a few types and the characteristics.
    func contents() async throws -> String {
        let listings = ["stepCount", "heartRate", "bodyMass", "sleepAnalysis"].map {
            ["samples", $0, "--format", "csv"]
        }
        var text = ""
        for arguments in listings + [["me", "--format", "csv"]] { text += try await succeed(arguments) }
        return text
    }

    /// Every row of every table of the store file, each table's rows as sorted lines of text; nil when there is no
    /// file. Read in this process: a bad command's check compares the whole file's data, not only what `hk` shows,
    /// without starting `hk` for it.
    func rows() throws -> [String: [String]]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try DatabaseQueue(path: path).read { db in
            var tables: [String: [String]] = [:]
            for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                tables[name] = try Row.fetchAll(db, sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)")
                    .map(\.description).sorted()
            }
            return tables
        }
    }

    /// `hk arguments... --store <path>` is bad input (exit 2, one line naming `problem`) and leaves the store as it was.
    func expectBadInput(
        _ arguments: [String], naming problem: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try rows()
        let result = try await run(arguments)
        #expect(result.status == 2, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("hk: "), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(problem), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try rows() == before, "\(arguments) changed the store", sourceLocation: sourceLocation)
    }
}
