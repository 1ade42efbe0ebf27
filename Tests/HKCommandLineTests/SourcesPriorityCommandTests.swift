import Foundation
import Testing

/// `hk sources priority` through the real binary, against a store file of its own.
@Suite struct SourcesPriorityCommandTests {
    private func storeWithTwoSources() async throws -> TemporaryStore {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "10", "count", "--source", "Phone"])
        try await store.add(["stepCount", "20", "count", "--source", "My Watch"])
        return store
    }

    @Test func printsAndSetsTheOrder() async throws {
        let store = try await storeWithTwoSources()
        // By default, sources count in the order they first saved the type.
        #expect(
            try await store.succeed(["sources", "priority", "stepCount"]) == """
                name      bundleIdentifier
                Phone     org.openhealthkit.owner.phone
                My Watch  org.openhealthkit.owner.my-watch

                """)
        #expect(try await store.succeed(["sources", "priority", "stepCount", "--set", "My Watch, Phone"]).isEmpty)
        #expect(
            try await store.succeed(["sources", "priority", "stepCount", "--format", "csv"]) == """
                name,bundleIdentifier
                My Watch,org.openhealthkit.owner.my-watch
                Phone,org.openhealthkit.owner.phone

                """)
        // Bundle identifiers work too; unlisted sources follow the listed ones.
        try await store.succeed([
            "sources", "priority", "HKQuantityTypeIdentifierStepCount", "--set", "org.openhealthkit.owner.phone",
        ])
        #expect(
            try await store.succeed(["sources", "priority", "stepCount", "--format", "csv"]) == """
                name,bundleIdentifier
                Phone,org.openhealthkit.owner.phone
                My Watch,org.openhealthkit.owner.my-watch

                """)
        try await store.succeed(["sources", "priority", "stepCount", "--set", "My Watch"])
        try await store.succeed(["sources", "priority", "stepCount", "--set", ""])
        #expect(
            try await store.succeed(["sources", "priority", "stepCount", "--format", "csv"]).hasSuffix(
                """
                Phone,org.openhealthkit.owner.phone
                My Watch,org.openhealthkit.owner.my-watch

                """))
        // Each type has its own order; `hk sources` itself still lists.
        #expect(
            try await store.succeed(["sources", "priority", "heartRate", "--format", "csv"])
                == "name,bundleIdentifier\n")
        #expect(
            try await store.succeed(["sources", "stepCount", "--format", "csv"]).hasPrefix("name,bundleIdentifier\n"))
    }

    @Test func badInput() async throws {
        let store = try await storeWithTwoSources()
        try await store.expectBadInput(["sources", "priority", "stepCount", "--set", "Phone,Tablet"], naming: "Tablet")
        let result = try await store.run(["sources", "priority", "stepCount", "--set", "Tablet"])
        #expect(
            result.stderr.contains(
                "use one of My Watch (org.openhealthkit.owner.my-watch), Phone (org.openhealthkit.owner.phone)"))
        try await store.expectBadInput(["sources", "priority", "heartRate", "--set", "Phone"], naming: "heartRate")
        try await store.expectBadInput(["sources", "priority", "sleepAnalysis"], naming: "category")
        try await store.expectBadInput(["sources", "priority"], naming: "<type>")
        // A refused --set leaves the order as it was.
        #expect(
            try await store.succeed(["sources", "priority", "stepCount", "--format", "csv"]).hasSuffix(
                "Phone,org.openhealthkit.owner.phone\nMy Watch,org.openhealthkit.owner.my-watch\n"))
    }
}
