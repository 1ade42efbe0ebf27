import Testing
import OpenHealthKitEngine

/// Maintenance cuts the hours a write touched into runs that held rows before it and runs that did not
/// (``StatisticsAggregation/runs(of:occupiedHours:)``): the first are extended by the written values, the second
/// computed from them.
@Suite struct AggregateHourRunsTests {
    /// Hours 10 to 15 as quarter hours.
    let range: ClosedRange<Int64> = 40...63

    @Test func aRangeWithoutOccupiedHoursIsOneNewRun() {
        let runs = StatisticsAggregation.runs(of: range, occupiedHours: [9, 16])
        #expect(runs.map(\.quarters) == [40...63])
        #expect(runs.map(\.occupied) == [false])
    }

    @Test func occupiedHoursCutTheRangeIntoAlternatingRunsOfWholeHours() {
        let runs = StatisticsAggregation.runs(of: range, occupiedHours: [11, 12, 15])
        #expect(runs.map(\.quarters) == [40...43, 44...51, 52...59, 60...63])
        #expect(runs.map(\.occupied) == [false, true, false, true])
    }

    @Test func hoursBefore1970AreRunsOfTheirOwnHours() {
        let runs = StatisticsAggregation.runs(of: -8...(-1), occupiedHours: [-1])
        #expect(runs.map(\.quarters) == [-8...(-5), -4...(-1)])
        #expect(runs.map(\.occupied) == [false, true])
    }
}
