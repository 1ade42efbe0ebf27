import Foundation
import Testing
@testable import OpenHealthKitModel

/// Dates and types shared by the object tests.
enum Fixture {
    static let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
    static let end = start.addingTimeInterval(3600)

    static func quantity(_ value: Double, _ unit: String) -> HKQuantity {
        HKQuantity(unit: HKUnit(from: unit), doubleValue: value)
    }

    static func sample(_ identifier: HKQuantityTypeIdentifier, _ value: Double, _ unit: String) throws
        -> HKQuantitySample
    {
        try HKQuantitySample(
            validating: HKQuantityType(identifier), quantity: quantity(value, unit), start: start, end: start)
    }

    static func event(_ type: HKWorkoutEventType, at minutes: Double) -> HKWorkoutEvent {
        HKWorkoutEvent(
            type: type, dateInterval: DateInterval(start: start.addingTimeInterval(minutes * 60), duration: 0),
            metadata: nil)
    }
}

/// Expects `body` to throw HealthKit's `errorInvalidArgument` with a message containing `fragment`.
func expectInvalidArgument(
    _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    let error = #expect(throws: HKError.self, sourceLocation: sourceLocation, performing: body)
    #expect(error?.code == .errorInvalidArgument, sourceLocation: sourceLocation)
    #expect(
        error?.message.contains(fragment) == true, "message: \(error?.message ?? "none")",
        sourceLocation: sourceLocation)
}
