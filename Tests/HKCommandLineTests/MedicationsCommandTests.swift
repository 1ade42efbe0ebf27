import Foundation
import Testing

/// `hk medications` through the real binary, against a store file of its own: the owner records medications,
/// archives them and logs doses; bad input is a one-line message, exit status 2, and nothing stored.
@Suite struct MedicationsCommandTests {
    @Test func addArchiveAndList() async throws {
        let store = try TemporaryStore()
        #expect(
            try await store.succeed(["medications", "add", "Metformin 500 mg", "--code", "6809", "--scheduled"])
                == "6809\n")
        let own = try await store.succeed(["medications", "add", "Vitamin D", "--form", "capsule", "--nickname", "Sun"])
        #expect(own.hasPrefix("urn:uuid:"))
        try await store.succeed(["medications", "archive", "6809"])
        #expect(
            try await store.succeed(["medications", "--format", "csv"]) == """
                code,name,form,nickname,scheduled,archived
                6809,Metformin 500 mg,tablet,,true,true
                \(own.dropLast()),Vitamin D,capsule,Sun,false,false

                """)
        try await store.succeed(["medications", "archive", "6809", "--restore"])
        #expect(
            try await store.succeed(["medications", "list", "--format", "csv"]).contains(
                "6809,Metformin 500 mg,tablet,,true,false"))
    }

    @Test func logAndListDoses() async throws {
        let store = try TemporaryStore()
        try await store.succeed(["medications", "add", "Ibuprofen 200 mg", "--code", "5640"])
        let uuid = try await store.succeed([
            "medications", "log", "5640", "--quantity", "2", "--at", "2026-11-20T08:00:00Z",
        ])
        #expect(UUID(uuidString: String(uuid.dropLast())) != nil)
        try await store.succeed([
            "medications", "log", "5640", "--status", "skipped", "--quantity", "0", "--at", "2026-11-21T08:00:00Z",
        ])
        #expect(
            try await store.succeed(["medications", "doses", "5640", "--format", "csv", "--timezone", "UTC"]) == """
                uuid,date,medication,status,quantity
                \(try await firstColumn(store, row: 1)),2026-11-21T08:00:00+00:00,Ibuprofen 200 mg,skipped,0
                \(uuid.dropLast()),2026-11-20T08:00:00+00:00,Ibuprofen 200 mg,taken,2

                """)
    }

    /// The first column of a line of `hk medications doses --format csv`.
    private func firstColumn(_ store: TemporaryStore, row: Int) async throws -> String {
        let lines = try await store.succeed(["medications", "doses", "--format", "csv"]).split(separator: "\n")
        return String(lines[row].prefix { $0 != "," })
    }

    @Test func badInput() async throws {
        let store = try TemporaryStore()
        try await store.expectBadInput(["medications", "add", "Tonic", "--form", "potion"], naming: "potion")
        try await store.expectBadInput(["medications", "log", "404"], naming: "404")
        try await store.expectBadInput(["medications", "archive", "404"], naming: "404")
        try await store.succeed(["medications", "add", "Metformin", "--code", "6809"])
        try await store.expectBadInput(["medications", "log", "6809", "--status", "forgot"], naming: "forgot")
        try await store.expectBadInput(["medications", "log", "6809", "--quantity", "-1"], naming: "quantity")
        try await store.expectBadInput(["medications", "doses", "--limit=-1"], naming: "--limit must be")
        #expect(
            try await store.succeed(["medications", "doses", "--format", "csv"])
                == "uuid,date,medication,status,quantity\n")
        #expect(try await store.succeed(["medications", "--format", "csv"]).split(separator: "\n").count == 2)
    }
}
