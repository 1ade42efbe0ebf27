import Foundation
import GRDB
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// The fixture files beside the tests.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    /// How many start tags of `element` the document holds.
    static func count(_ element: String, in path: String) throws -> Int {
        try text(path).components(separatedBy: "<\(element) ").count - 1
            + text(path).components(separatedBy: "<\(element)>").count - 1
    }
}

/// An in-memory store, an importer, and ways to look at what was stored.
final class ImportHarness {
    let storage: SQLiteStorage
    let engine: HealthEngine
    static let owner = Principal.owner(source: SourceRow(bundleIdentifier: "org.openhealthkit.hk", name: "Health"))

    init() throws {
        storage = try SQLiteStorage()
        engine = HealthEngine(storage: storage)
    }

    /// A store in a database file (for tests that open it twice).
    init(path: String) throws {
        storage = try SQLiteStorage(path: path)
        engine = HealthEngine(storage: storage)
    }

    @discardableResult
    func importing(_ url: URL, batchSize: Int = 50_000) throws -> ImportSummary {
        let importer = HealthExportImporter(engine: engine)
        importer.batchSize = batchSize
        return try importer.import(from: url)
    }

    @discardableResult
    func importing(fixture path: String) throws -> ImportSummary {
        try importing(Fixtures.url(path))
    }

    func samples(_ type: HKSampleType) async throws -> [HKSample] {
        try await engine.samples(of: type, predicate: nil, sort: [RowSort(.startDate)], as: Self.owner)
    }

    func quantities(_ identifier: HKQuantityTypeIdentifier) async throws -> [HKQuantitySample] {
        try await samples(HKQuantityType(identifier)).compactMap { $0 as? HKQuantitySample }
    }

    func rows(_ sql: String) throws -> [Row] {
        try storage.writer.read { db in try Row.fetchAll(db, sql: sql) }
    }

    func count(_ sql: String) throws -> Int {
        try storage.writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }
}

/// A temporary folder, removed when released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `name` inside the folder.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }
}

extension ImportSummary {
    /// Every count adds up: read = added + already stored + skipped.
    var isBalanced: Bool {
        let all =
            Array(records.values) + [workouts, workoutRoutes, activitySummaries, clinicalRecords]
            + Array(unrecognized.values)
        return all.allSatisfy { $0.read == $0.added + $0.alreadyStored + $0.skipped }
    }

    func read(_ type: String) -> Int { records[type]?.read ?? 0 }
    func added(_ type: String) -> Int { records[type]?.added ?? 0 }
}
