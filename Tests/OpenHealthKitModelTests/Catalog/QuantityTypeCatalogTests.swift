import Testing
@testable import OpenHealthKitModel

/// The generated quantity-type catalog against `Reference/quantity-types.csv` (no units needed).
@Suite struct QuantityTypeCatalogTests {
    static let styles: [String: HKQuantityAggregationStyle] = [
        "cumulative": .cumulative,
        "discreteArithmetic": .discreteArithmetic,
        "discreteTemporallyWeighted": .discreteTemporallyWeighted,
        "discreteEquivalentContinuousLevel": .discreteEquivalentContinuousLevel,
    ]

    @Test func catalogHasEveryRowOnce() {
        let rows = ReferenceTable.quantityTypes.rows
        #expect(rows.count == 121)
        #expect(HealthKitCatalog.quantityTypes.map(\.name) == rows.map { $0["identifier"]! })
        #expect(HealthKitCatalog.quantityTypesByIdentifier.count == 121)
    }

    @Test func descriptorsMatchTheTable() throws {
        let descriptors = Dictionary(uniqueKeysWithValues: HealthKitCatalog.quantityTypes.map { ($0.name, $0) })
        for row in ReferenceTable.quantityTypes.rows {
            let descriptor = try #require(descriptors[row["identifier"]!])
            #expect(descriptor.identifier.rawValue == row["raw_string"], "\(descriptor.name)")
            #expect(descriptor.canonicalUnit == row["canonical_unit"]!.confirmedValue, "\(descriptor.name)")
            #expect(
                descriptor.aggregationStyle == Self.styles[row["aggregation_style"]!.confirmedValue],
                "\(descriptor.name)")
            #expect(descriptor.isShareable == (row["writable"]!.confirmedValue == "yes"), "\(descriptor.name)")
        }
    }

    @Test func unconfirmedMarksAreStripped() throws {
        let rmssd = try #require(
            HealthKitCatalog.quantityTypesByIdentifier["HKQuantityTypeIdentifierHeartRateVariabilityRMSSD"])
        #expect(rmssd.canonicalUnit == "ms")
        #expect(rmssd.aggregationStyle == .discreteArithmetic)
        #expect(rmssd.isShareable)
    }

    @Test func identifierConstants() {
        #expect(HKQuantityTypeIdentifier.heartRate.rawValue == "HKQuantityTypeIdentifierHeartRate")
        #expect(HKQuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
        #expect(HKQuantityTypeIdentifier.uvExposure.rawValue == "HKQuantityTypeIdentifierUVExposure")
        #expect(HKQuantityTypeIdentifier.heartRate == HKQuantityTypeIdentifier("HKQuantityTypeIdentifierHeartRate"))
    }

    @Test func unknownIdentifierHasNoType() {
        #expect(
            HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier("HKQuantityTypeIdentifierNope")) == nil)
        #expect(HKObjectType.type(named: "noSuchType") == nil)
    }
}
