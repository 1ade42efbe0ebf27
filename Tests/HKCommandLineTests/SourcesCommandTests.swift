import Foundation
import Testing

/// `hk sources` through the real binary, against a store file of its own.
@Suite struct SourcesCommandTests {
    @Test func listsSourcesWithBundleIdentifiers() async throws {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "1", "count"])
        try await store.add(["stepCount", "2", "count", "--source", "My Scale"])
        try await store.add(["stepCount", "3", "count", "--source", "My Scale"])
        try await store.add(["heartRate", "60", "count/min", "--source", "Santé"])
        #expect(
            try await store.succeed(["sources", "stepCount"]) == """
                name      bundleIdentifier
                Health    org.openhealthkit.owner.health
                My Scale  org.openhealthkit.owner.my-scale

                """)
        #expect(
            try await store.succeed(["sources", "HKQuantityTypeIdentifierHeartRate", "--format", "json"]) == """
                [
                  {
                    "bundleIdentifier" : "org.openhealthkit.owner.sant-e9",
                    "name" : "Santé"
                  }
                ]

                """)
        #expect(try await store.succeed(["sources", "sleepAnalysis", "--format", "csv"]) == "name,bundleIdentifier\n")
        #expect(try await store.succeed(["sources", "bloodPressure", "--format", "csv"]) == "name,bundleIdentifier\n")
    }

    @Test func badInput() async throws {
        let store = try TemporaryStore()
        try await store.expectBadInput(["sources", "nosuchType"], naming: "nosuchType")
        try await store.expectBadInput(["sources", "dateOfBirth"], naming: "characteristic")
        try await store.expectBadInput(["sources"], naming: "<type>")
    }
}
