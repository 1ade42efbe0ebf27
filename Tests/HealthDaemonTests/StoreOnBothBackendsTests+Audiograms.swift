import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Audiograms on both backends: saved with their tests (iOS 18's shape) or each ear's sensitivity (the older one),
/// read back the same, and refused whole when invalid.
extension StoreOnBothBackendsTests {
    static let audiogramType = HKObjectType.audiogramSampleType()

    static func dBHL(_ value: Double) -> HKQuantity { HKQuantity(unit: .decibelHearingLevel(), doubleValue: value) }
    static func hertz(_ value: Double) -> HKQuantity { HKQuantity(unit: .hertz(), doubleValue: value) }

    @Test(arguments: StoreBackend.allCases)
    func anAudiogramIsSavedAndReadBackWithEveryTest(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.audiogramType])
            let clamped = try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: 90)
            let points = [
                try HKAudiogramSensitivityPoint(
                    frequency: Self.hertz(500), leftEarSensitivity: Self.dBHL(10), rightEarSensitivity: Self.dBHL(15)),
                try HKAudiogramSensitivityPoint(
                    frequency: Self.hertz(1000),
                    tests: [
                        try HKAudiogramSensitivityTest(
                            sensitivity: Self.dBHL(20), type: .air, masked: false, side: .left, clampingRange: nil),
                        try HKAudiogramSensitivityTest(
                            sensitivity: Self.dBHL(35), type: .air, masked: true, side: .left, clampingRange: nil),
                        try HKAudiogramSensitivityTest(
                            sensitivity: Self.dBHL(90), type: .air, masked: true, side: .right, clampingRange: clamped),
                    ]),
                try HKAudiogramSensitivityPoint(
                    frequency: Self.hertz(4000), leftEarSensitivity: nil, rightEarSensitivity: Self.dBHL(40)),
            ]
            let audiogram = HKAudiogramSample(
                sensitivityPoints: points, start: Self.hour, end: Self.hour.addingTimeInterval(300), device: nil,
                metadata: ["clinic": "Ear"])
            try await store.save(audiogram)
            let stored = try #require(
                try await HKSampleQueryDescriptor(predicates: [.audiogram()], sortDescriptors: []).result(for: store)
                    .first)
            #expect(stored.uuid == audiogram.uuid && stored.metadata?["clinic"] as? String == "Ear")
            #expect(stored.sensitivityPoints == points)
            let middle = stored.sensitivityPoints[1]
            #expect(middle.leftEarSensitivity == Self.dBHL(20) && middle.rightEarSensitivity == Self.dBHL(90))
            #expect(middle.tests.first { $0.side == .right }?.clampingRange?.upperBound == Self.dBHL(90))
            #expect(middle.tests.first { $0.side == .right }?.clampingRange?.lowerBound == nil)
            #expect(stored.sensitivityPoints[2].leftEarSensitivity == nil)
        }
    }
}
