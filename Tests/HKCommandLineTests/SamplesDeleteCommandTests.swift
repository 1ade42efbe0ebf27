import Foundation
import Testing

/// `hk samples delete` through the real binary, against a store file of its own.
@Suite struct SamplesDeleteCommandTests {
    @Test func deletesSilently() throws {
        let store = try TemporaryStore()
        let kept = try store.add(["stepCount", "1", "count", "--start", "2024-11-03T08:00:00Z"])
        let deleted = try store.add(["stepCount", "2", "count", "--start", "2024-11-03T09:00:00Z", "--source", "Pedometer"])
        let sleep = try store.add(["sleepAnalysis", "awake"])
        #expect(try store.succeed(["samples", "delete", deleted.lowercased(), sleep]).isEmpty)
        #expect(try store.samples("stepCount").map { $0["uuid"] as? String } == [kept])
        #expect(try store.samples("sleepAnalysis").isEmpty)
    }

    @Test func badInputDeletesNothing() throws {
        let store = try TemporaryStore()
        let uuid = try store.add(["stepCount", "1", "count"])
        try store.expectBadInput(["samples", "delete", "not-a-uuid"], naming: "not-a-uuid")
        try store.expectBadInput(["samples", "delete", uuid, "1234"], naming: "1234")
        let unknown = UUID().uuidString
        try store.expectBadInput(["samples", "delete", uuid, unknown], naming: unknown)
        try store.expectBadInput(["samples", "delete"], naming: "<uuid>")
        #expect(try store.samples("stepCount").count == 1)
        try store.succeed(["samples", "delete", uuid])
        try store.expectBadInput(["samples", "delete", uuid], naming: uuid)
    }
}
