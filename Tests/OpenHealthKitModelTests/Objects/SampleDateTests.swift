import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct SampleDateTests {
    private func stepSample(start: Date, end: Date) throws -> HKQuantitySample {
        try HKQuantitySample(
            validating: HKQuantityType(.stepCount), quantity: Fixture.quantity(10, "count"), start: start, end: end)
    }

    @Test func rejectsAnEndBeforeTheStart() {
        expectInvalidArgument("cannot occur after endDate") {
            _ = try stepSample(start: Fixture.end, end: Fixture.start)
        }
    }

    @Test func acceptsAPointSample() throws {
        let sample = try stepSample(start: Fixture.start, end: Fixture.start)
        #expect(sample.startDate == sample.endDate)
        #expect(!sample.hasUndeterminedDuration)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func rejectsDatesThatAreNotFinite(_ interval: Double) {
        let bad = Date(timeIntervalSinceReferenceDate: interval)
        expectInvalidArgument("startDate is not a valid date") { _ = try stepSample(start: bad, end: Fixture.end) }
        expectInvalidArgument("endDate is not a valid date") { _ = try stepSample(start: Fixture.start, end: bad) }
    }

    @Test func distantFutureEndMeansUndeterminedDuration() throws {
        let sample = try stepSample(start: Fixture.start, end: .distantFuture)
        #expect(sample.hasUndeterminedDuration)
    }

    @Test(arguments: [1e15, -1e15, 1e300, Date.distantFuture.timeIntervalSince1970 + 1])
    func rejectsDatesOutsideYearsOneTo4001(_ secondsSince1970: Double) {
        let far = Date(timeIntervalSince1970: secondsSince1970)
        let (start, end) = far < Fixture.start ? (far, Fixture.start) : (Fixture.start, far)
        expectInvalidArgument("between years 1 and 4001") { _ = try stepSample(start: start, end: end) }
    }

    @Test func acceptsTheEdgesOfTheDateRange() throws {
        _ = try stepSample(start: .distantPast, end: .distantFuture)
    }
}
