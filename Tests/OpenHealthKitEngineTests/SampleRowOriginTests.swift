import Foundation
import OpenHealthKitEngine
import Testing

/// A row's type, source, revision and device live in an origin that rows of one read share
/// (``SampleRow/Origin``): still values, each row its own.
@Suite struct SampleRowOriginTests {
    static let origin = SampleRow.Origin(
        typeIdentifier: "HKQuantityTypeIdentifierStepCount",
        source: SourceRow(bundleIdentifier: "com.example.phone", name: "Phone"), revision: RevisionRow(version: "1"),
        device: DeviceRow(name: "Phone"))

    static func row(_ origin: SampleRow.Origin = origin) -> SampleRow {
        SampleRow(uuid: UUID(), origin: origin, startDate: 0, endDate: 60, value: 1)
    }

    @Test func changingOneFieldOfARowLeavesTheOtherRowsOfItsOriginAsTheyWere() {
        let first = Self.row()
        var second = Self.row()
        second.source = SourceRow(bundleIdentifier: "com.example.watch", name: "Watch")
        second.device = nil
        #expect(first.source.bundleIdentifier == "com.example.phone")
        #expect(first.device?.name == "Phone")
        #expect(second.source.bundleIdentifier == "com.example.watch")
        #expect(second.typeIdentifier == first.typeIdentifier)
        #expect(second.revision == first.revision)
        #expect(second.device == nil)
        #expect(first.origin === Self.origin)
    }

    @Test func rowsWithEqualOriginsAreEqualWhetherTheyShareOneOrNot() {
        var shared = Self.row()
        var copied = shared
        copied.origin = SampleRow.Origin(
            typeIdentifier: Self.origin.typeIdentifier, source: Self.origin.source, revision: Self.origin.revision,
            device: Self.origin.device)
        #expect(copied == shared)
        shared.revision = RevisionRow(version: "2")
        #expect(copied != shared)
    }
}
