import Foundation
import Testing

/// `hk sources` through the real binary, against a store file of its own.
@Suite struct SourcesCommandTests {
    @Test func listsSourcesWithBundleIdentifiers() throws {
        let store = try TemporaryStore()
        try store.add(["stepCount", "1", "count"])
        try store.add(["stepCount", "2", "count", "--source", "My Scale"])
        try store.add(["stepCount", "3", "count", "--source", "My Scale"])
        try store.add(["heartRate", "60", "count/min", "--source", "Santé"])
        #expect(try store.succeed(["sources", "stepCount"]) == """
            name      bundleIdentifier
            Health    org.openhealthkit.owner.health
            My Scale  org.openhealthkit.owner.my-scale

            """)
        #expect(try store.succeed(["sources", "HKQuantityTypeIdentifierHeartRate", "--format", "json"]) == """
            [
              {
                "bundleIdentifier" : "org.openhealthkit.owner.sant-e9",
                "name" : "Santé"
              }
            ]

            """)
        #expect(try store.succeed(["sources", "sleepAnalysis", "--format", "csv"]) == "name,bundleIdentifier\n")
        #expect(try store.succeed(["sources", "bloodPressure", "--format", "csv"]) == "name,bundleIdentifier\n")
    }

    @Test func badInput() throws {
        let store = try TemporaryStore()
        try store.expectBadInput(["sources", "nosuchType"], naming: "nosuchType")
        try store.expectBadInput(["sources", "dateOfBirth"], naming: "characteristic")
        try store.expectBadInput(["sources"], naming: "<type>")
    }
}
