import Foundation
import Testing

/// `hk samples delete` through the real binary, against a store file of its own.
@Suite struct SamplesDeleteCommandTests {
    @Test func deletesSilently() async throws {
        let store = try TemporaryStore()
        let kept = try await store.add(["stepCount", "1", "count", "--start", "2024-11-03T08:00:00Z"])
        let deleted = try await store.add([
            "stepCount", "2", "count", "--start", "2024-11-03T09:00:00Z", "--source", "Pedometer",
        ])
        let sleep = try await store.add(["sleepAnalysis", "awake"])
        #expect(try await store.succeed(["samples", "delete", deleted.lowercased(), sleep]).isEmpty)
        #expect(try await store.samples("stepCount").map { $0["uuid"] as? String } == [kept])
        #expect(try await store.samples("sleepAnalysis").isEmpty)
    }

    @Test func badInputDeletesNothing() async throws {
        let store = try TemporaryStore()
        let uuid = try await store.add(["stepCount", "1", "count"])
        try await store.expectBadInput(["samples", "delete", "not-a-uuid"], naming: "not-a-uuid")
        try await store.expectBadInput(["samples", "delete", uuid, "1234"], naming: "1234")
        let unknown = UUID().uuidString
        try await store.expectBadInput(["samples", "delete", uuid, unknown], naming: unknown)
        try await store.expectBadInput(["samples", "delete"], naming: "<uuid>")
        #expect(try await store.samples("stepCount").count == 1)
        try await store.succeed(["samples", "delete", uuid])
        try await store.expectBadInput(["samples", "delete", uuid], naming: uuid)
    }
}
