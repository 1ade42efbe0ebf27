import Testing
@testable import OpenHealthKitModel

/// The generated metadata keys against `Reference/metadata-keys.csv`.
@Suite struct MetadataKeyCatalogTests {
    static func kind(_ text: String) -> MetadataValueKind? {
        switch text {
        case "string": return .string
        case "number": return .number
        case "boolean": return .boolean
        case "date": return .date
        case "quantity": return .quantity
        case _ where text.hasPrefix("enum (") && text.hasSuffix(")"):
            return .enumeration(String(text.dropFirst("enum (".count).dropLast()))
        default: return nil
        }
    }

    @Test func everyKeyMatchesTheTable() throws {
        let rows = ReferenceTable.metadataKeys.rows
        #expect(rows.count == 71)
        #expect(MetadataKeyCatalog.keys.map(\.name) == rows.map { $0["key_constant"]! })
        for (descriptor, row) in zip(MetadataKeyCatalog.keys, rows) {
            #expect(descriptor.key == row["raw_string"], "\(descriptor.name)")
            let kind = try #require(Self.kind(row["value_kind"]!), "\(descriptor.name)")
            #expect(descriptor.valueKind == kind, "\(descriptor.name)")
            #expect(MetadataKeyCatalog.valueKinds[descriptor.key] == kind, "\(descriptor.name)")
        }
        #expect(MetadataKeyCatalog.valueKinds.count == 71)
    }

    @Test func mostKeysStoreAShorterString() {
        #expect(MetadataKeyCatalog.keys.filter { $0.key != $0.name }.count == 48)
    }

    @Test func constants() {
        #expect(HKMetadataKeyTimeZone == "HKTimeZone")
        #expect(HKMetadataKeyWasUserEntered == "HKWasUserEntered")
        #expect(HKMetadataKeySyncIdentifier == "HKMetadataKeySyncIdentifier")
        #expect(
            HKMetadataKeyCyclingFunctionalThresholdPowerTestType == "HKCyclingCyclingFunctionalThresholdPowerTestType")
        #expect(MetadataKeyCatalog.valueKinds[HKMetadataKeyWeatherCondition] == .enumeration("HKWeatherCondition"))
        #expect(MetadataKeyCatalog.valueKinds["MyAppKey"] == nil)
    }
}
