import Foundation
import OpenHealthKitTesting
import Testing

/// `Scripts/generate_catalog.py`: the committed generated files are what it writes.
@Suite struct CatalogGeneratorTests {
    static let generatedFiles = ["QuantityTypeCatalog.swift", "CategoryTypeCatalog.swift", "MetadataKeys.swift"]

    /// Runs the generator under `root` and returns its exit status and standard error, read on a thread of its own
    /// (never on one of Swift concurrency's few shared threads).
    static func runGenerator(in root: URL, _ arguments: [String] = []) async throws -> (status: Int32, errors: String) {
        let errors = Pipe()
        let process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["-C", root.path, "python3", root.appendingPathComponent("Scripts/generate_catalog.py").path] + arguments,
            environment: ProcessInfo.processInfo.environment, errors: errors)
        let data = await PipeRead.toEnd(of: errors)
        return (await process.ended().status, String(decoding: data, as: UTF8.self))
    }

    @Test func committedFilesAreUpToDate() async throws {
        let result = try await Self.runGenerator(in: ReferenceTable.repositoryRoot, ["--check"])
        #expect(result.status == 0, "\(result.errors)")
    }

    /// In a scratch copy: --check reports missing files, a run writes them, and they equal the committed ones.
    @Test func checkReportsStaleFilesAndOutputIsDeterministic() async throws {
        let files = FileManager.default
        let scratch = files.temporaryDirectory.appendingPathComponent("catalog-generator-\(UUID().uuidString)")
        defer { try? files.removeItem(at: scratch) }
        let root = ReferenceTable.repositoryRoot
        let generated = "Sources/OpenHealthKitModel/Generated"
        for folder in ["Scripts", "Reference", generated] {
            try files.createDirectory(at: scratch.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for path in [
            "Scripts/generate_catalog.py", "Reference/quantity-types.csv", "Reference/category-types.csv",
            "Reference/metadata-keys.csv",
        ] {
            try files.copyItem(at: root.appendingPathComponent(path), to: scratch.appendingPathComponent(path))
        }

        let stale = try await Self.runGenerator(in: scratch, ["--check"])
        #expect(stale.status == 1)
        #expect(stale.errors.contains("Stale generated files"))

        #expect(try await Self.runGenerator(in: scratch).status == 0)
        #expect(try await Self.runGenerator(in: scratch, ["--check"]).status == 0)
        for name in Self.generatedFiles {
            let written = try String(
                contentsOf: scratch.appendingPathComponent("\(generated)/\(name)"), encoding: .utf8)
            let committed = try String(contentsOf: root.appendingPathComponent("\(generated)/\(name)"), encoding: .utf8)
            #expect(written == committed, "\(name)")
        }
    }
}
