import Foundation
import GRDB
import OpenHealthKitEngine
import Testing

@testable import OpenHealthKitPostgres
@testable import OpenHealthKitSQLite

/// Both storages follow one list of migrations (``SchemaMigration``), and docs/MIGRATIONS.md lists it as the code
/// does. (That each storage records the whole list in a new store: SchemaUpgradeTests, PostgresMigrationTests.)
@Suite struct SchemaMigrationListTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/MIGRATIONS.md")

    /// The table docs/MIGRATIONS.md holds: each migration, and whether each storage does something in it.
    static var table: String {
        var lines = ["| # | name | SQLite | PostgreSQL |", "|---|---|---|---|"]
        for migration in SchemaMigration.allCases {
            let sqlite = OpenHealthKitSQLite.Schema.step(migration) != nil
            let postgres = OpenHealthKitPostgres.Schema.step(migration)
            let postgresRuns = !postgres.statements.isEmpty || postgres.then != nil
            lines.append(
                "| \(migration.rawValue) | `\(migration.name)` | \(sqlite ? "runs" : "recorded only") | "
                    + "\(postgresRuns ? "runs" : "recorded only") |")
        }
        return lines.joined(separator: "\n")
    }

    @Test func theMigrationsAreNumberedInTheirOrderWithoutGaps() {
        #expect(SchemaMigration.allCases.map(\.rawValue) == Array(1...SchemaMigration.allCases.count))
        #expect(SchemaMigration.allCases.allSatisfy { $0.name.hasPrefix("v\($0.rawValue): ") })
        #expect(Set(SchemaMigration.allCases.map(\.name)).count == SchemaMigration.allCases.count)
    }

    @Test func bothStoragesRegisterTheListInItsOrder() {
        let names = SchemaMigration.allCases.map(\.name)
        #expect(OpenHealthKitSQLite.Schema.migrator.migrations == names)
        #expect(OpenHealthKitPostgres.Schema.migrations.map(\.name) == names)
    }

    @Test func everyMigrationRunsOnOneStorageAtLeast() {
        for migration in SchemaMigration.allCases {
            let postgres = OpenHealthKitPostgres.Schema.step(migration)
            #expect(
                OpenHealthKitSQLite.Schema.step(migration) != nil || !postgres.statements.isEmpty
                    || postgres.then != nil, "\(migration.name)")
        }
    }

    @Test func theDocumentListsTheMigrationsAsTheCodeDoes() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(text.contains(Self.table), "docs/MIGRATIONS.md should hold this table:\n\(Self.table)")
    }
}
