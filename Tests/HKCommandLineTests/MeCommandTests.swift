import Foundation
import Testing

/// `hk me` through the real binary, against a store file of its own.
@Suite struct MeCommandTests {
    @Test func unsetCharacteristicsReadAsAppsSeeThem() async throws {
        let store = try TemporaryStore()
        #expect(
            try await store.succeed(["me"]) == """
                name                 value
                dateOfBirth
                biologicalSex        notSet
                bloodType            notSet
                fitzpatrickSkinType  notSet
                wheelchairUse        notSet
                activityMoveMode     activeEnergy

                """)
    }

    @Test func setAndGet() async throws {
        let store = try TemporaryStore()
        let output = try await store.succeed([
            "me", "--set", "dateOfBirth=1984-03-02", "--set", "biologicalSex=female", "--set", "bloodType=aPositive",
            "--set", "fitzpatrickSkinType=iv", "--set", "HKCharacteristicTypeIdentifierWheelchairUse=no",
            "--set", "activityMoveMode=appleMoveTime",
        ])
        #expect(output.isEmpty)
        #expect(
            try await store.succeed(["me", "--format", "csv"]) == """
                name,value
                dateOfBirth,1984-03-02
                biologicalSex,female
                bloodType,aPositive
                fitzpatrickSkinType,IV
                wheelchairUse,no
                activityMoveMode,appleMoveTime

                """)
        try await store.succeed([
            "me", "--set", "bloodType=notSet", "--set", "dateOfBirth=", "--set", "activityMoveMode=",
        ])
        let json = try await store.succeed(["me", "--format", "json"])
        let records = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]])
        #expect(records.first == ["name": "dateOfBirth"])
        #expect(records.first { $0["name"] == "bloodType" }?["value"] == "notSet")
        #expect(records.first { $0["name"] == "biologicalSex" }?["value"] == "female")
        #expect(records.first { $0["name"] == "activityMoveMode" }?["value"] == "activeEnergy")
    }

    @Test func badInputChangesNothing() async throws {
        let store = try TemporaryStore()
        try await store.succeed(["me", "--set", "biologicalSex=male"])
        try await store.expectBadInput(
            ["me", "--set", "biologicalSex=female", "--set", "bloodType=zPositive"], naming: "zPositive")
        try await store.expectBadInput(["me", "--set", "dateOfBirth=1984-02-30"], naming: "1984-02-30")
        try await store.expectBadInput(["me", "--set", "dateOfBirth=2999-01-01"], naming: "2999-01-01")
        try await store.expectBadInput(["me", "--set", "dateOfBirth=March 2nd"], naming: "March 2nd")
        try await store.expectBadInput(["me", "--set", "height=180"], naming: "height")
        try await store.expectBadInput(["me", "--set", "stepCount=1"], naming: "stepCount")
        try await store.expectBadInput(["me", "--set", "biologicalSex"], naming: "KEY=VALUE")
        try await store.expectBadInput(["me", "--set", "activityMoveMode=notSet"], naming: "appleMoveTime")
        #expect(try await store.succeed(["me", "--format", "csv"]).contains("biologicalSex,male\n"))
    }
}
