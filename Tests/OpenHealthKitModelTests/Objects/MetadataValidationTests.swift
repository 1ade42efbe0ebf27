import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct MetadataValidationTests {
    private func sleep(metadata: [String: Any]) throws -> HKCategorySample {
        try HKCategorySample(
            validating: HKCategoryType(.sleepAnalysis), value: 0, start: Fixture.start, end: Fixture.end,
            metadata: metadata)
    }

    @Test func acceptsEveryAllowedKindOfValue() throws {
        let metadata: [String: Any] = [
            "string": "text", "nsstring": NSString(string: "text"), "int": 3, "double": 2.5, "bool": true,
            "uint8": UInt8(7), "float": Float(1.5), "number": NSNumber(value: 4), "date": Date(),
            "quantity": Fixture.quantity(3, "kg"),
        ]
        let sample = try sleep(metadata: metadata)
        #expect(sample.metadata?.count == metadata.count)
    }

    @Test(arguments: [[1, 2], URL(string: "https://example.com")!, Data([1]), ["a": 1]] as [any Sendable])
    func rejectsOtherKindsOfValue(_ value: any Sendable) {
        expectInvalidArgument("Invalid class") { _ = try sleep(metadata: ["custom": value]) }
    }

    @Test(arguments: [1e308, -1e19, Double(UInt64.max)])
    func rejectsANumberBeyond1e18(_ number: Double) {
        expectInvalidArgument("at most \(MetadataValidation.maximumNumber)") {
            _ = try sleep(metadata: ["custom": NSNumber(value: number)])
        }
    }

    @Test func rejectsAQuantityBeyond1e15InItsUnit() {
        expectInvalidArgument("at most 1e15") { _ = try sleep(metadata: ["custom": Fixture.quantity(1e308, "kg")]) }
    }

    @Test func rejectsAKnownKeyWithTheWrongKindOfValue() {
        expectInvalidArgument("for metadata key: HKWasUserEntered. Expected NSNumber.") {
            _ = try sleep(metadata: [HKMetadataKeyWasUserEntered: "yes"])
        }
        expectInvalidArgument("Expected HKQuantity") {
            try MetadataValidation.validate(["HKLapLength": 25], kinds: ["HKLapLength": .quantity])
        }
        expectInvalidArgument("Expected NSDate") {
            try MetadataValidation.validate(["when": "today"], kinds: ["when": .date])
        }
    }

    @Test func acceptsKnownKeysWithTheRightKind() throws {
        try MetadataValidation.validate(
            ["flag": true, "count": 3, "name": "x", "when": Date(), "size": Fixture.quantity(2, "m")],
            kinds: ["flag": .boolean, "count": .number, "name": .string, "when": .date, "size": .quantity]
        )
    }

    @Test func syncIdentifierNeedsASyncVersion() {
        expectInvalidArgument("HKMetadataKeySyncVersion must be provided if HKMetadataKeySyncIdentifier is provided") {
            _ = try sleep(metadata: [HKMetadataKeySyncIdentifier: "night-1"])
        }
    }

    @Test func syncVersionNeedsASyncIdentifier() {
        expectInvalidArgument(
            "HKMetadataKeySyncVersion may not be provided if HKMetadataKeySyncIdentifier is not provided"
        ) {
            _ = try sleep(metadata: [HKMetadataKeySyncVersion: 1])
        }
    }

    @Test func syncIdentifierMustNotBeEmptyAndVersionNotNegative() {
        expectInvalidArgument("HKMetadataKeySyncIdentifier must contain at least one character") {
            _ = try sleep(metadata: [HKMetadataKeySyncIdentifier: "", HKMetadataKeySyncVersion: 1])
        }
        expectInvalidArgument("HKMetadataKeySyncVersion must be greater than or equal to 0") {
            _ = try sleep(metadata: [HKMetadataKeySyncIdentifier: "night-1", HKMetadataKeySyncVersion: -1])
        }
    }

    @Test func acceptsASyncPair() throws {
        let sample = try sleep(metadata: [HKMetadataKeySyncIdentifier: "night-1", HKMetadataKeySyncVersion: 2])
        #expect(sample.metadata?[HKMetadataKeySyncVersion] as? Int == 2)
    }
}
