import Foundation
import HealthDaemon
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import Testing
@testable import HealthWeb

/// The charts tell the truth as Health's do: averages over the days (or nights) with data, the year's months as
/// daily averages, nights spanning midnight, blood pressure's two pressures together.
struct ChartDataTests {
    private let dates = PageDateText(timeZone: TimeZone(identifier: "Europe/Paris")!)

    private func at(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Europe/Paris")
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        return formatter.date(from: text)!
    }

    private func store(_ samples: [HKSample]) async throws -> OwnerWebStore {
        let engine = HealthEngine(storage: try SQLiteStorage())
        try await engine.save(samples, as: try OwnerWebStore.owner())
        return OwnerWebStore(engine: engine)
    }

    private func steps(_ value: Double, _ day: String) throws -> HKSample {
        try HKQuantitySample(
            validating: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: value),
            start: at(day + "T10:00:00"), end: at(day + "T11:00:00"))
    }

    private func chart(
        _ store: OwnerWebStore, _ type: HKSampleType, _ period: ChartWindow.Period, _ day: String,
        unit: DisplayUnit? = nil
    ) throws -> ChartResult {
        try PageNumberText.$locale.withValue(Locale(identifier: "en_US")) {
            try TypePageKind(type).chart(
                ChartData(store: store, dates: dates), type: type,
                in: ChartWindow(period: period, day: dates.parseISODay(day)!, calendar: dates.calendar), unit: unit)
        }
    }

    private let stepUnit = DisplayUnit(.count(), type: HKQuantityType(.stepCount))

    /// Three days of data in a month average over those three days, not over 31.
    @Test func aDailyAverageIsOverTheDaysWithData() async throws {
        let store = try await store([
            try steps(1000, "2026-11-02"), try steps(2000, "2026-11-10"), try steps(3000, "2026-11-20"),
        ])
        let month = try chart(store, HKQuantityType(.stepCount), .month, "2026-11-20", unit: stepUnit)
        #expect(month.headline == "Daily average 2,000 steps")
        #expect(month.detail == "Total 6,000 steps · 3 days with data")
        let day = try chart(store, HKQuantityType(.stepCount), .day, "2026-11-20", unit: stepUnit)
        #expect(day.headline == "Total 3,000 steps")
        #expect(day.points.count == 24 && day.points[10].figures == "3,000 steps")
    }

    @Test func theYearShowsEachMonthsDailyAverage() async throws {
        let store = try await store([
            try steps(1000, "2026-01-05"), try steps(3000, "2026-01-06"), try steps(500, "2026-02-10"),
        ])
        let year = try chart(store, HKQuantityType(.stepCount), .year, "2026-02-15", unit: stepUnit)
        #expect(year.points.count == 12)
        let january = try #require(year.points.first { $0.label == "January 2026" })
        #expect(january.value == 2000)
        #expect(january.figures == "daily average 2,000 steps (2 days with data)")
        #expect(year.points.last?.value == 500)
        #expect(year.headline == "Daily average 1,500 steps")
    }

    /// Health's 6M: 26 weeks ending with the day, each bar a week's daily average over its days with data.
    @Test func sixMonthsShowEachWeeksDailyAverage() async throws {
        let store = try await store([
            try steps(1000, "2026-11-16"), try steps(3000, "2026-11-18"), try steps(4000, "2026-06-01"),
            try steps(9000, "2026-05-01"),
        ])
        let half = try chart(store, HKQuantityType(.stepCount), .sixMonths, "2026-11-20", unit: stepUnit)
        #expect(half.points.count == 26)
        // The last bar is the week ending 20 November (14–20 November); May is before the window.
        let last = try #require(half.points.last)
        #expect(last.label == "week of 14 Nov 2026")
        #expect(last.value == 2000 && last.figures == "daily average 2,000 steps (2 days with data)")
        #expect(half.points.compactMap(\.value) == [4000, 2000])
        #expect(half.headline == "Daily average 2,667 steps")
        let window = ChartWindow(period: .sixMonths, day: dates.parseISODay("2026-11-20")!, calendar: dates.calendar)
        #expect(window.title(dates) == "23 May 2026 – 20 Nov 2026")
    }

    private func sleep(_ value: HKCategoryValueSleepAnalysis, _ start: String, _ end: String) throws -> HKSample {
        try HKCategorySample(
            validating: HKCategoryType(.sleepAnalysis), value: value.rawValue, start: at(start), end: at(end))
    }

    /// A night from 23:10 to 06:40 is one night, the night of the day it ends on, with its stages.
    @Test func aNightSpansMidnightWithItsStages() async throws {
        let store = try await store([
            try sleep(.inBed, "2026-11-19T22:55:00", "2026-11-20T06:50:00"),
            try sleep(.asleepCore, "2026-11-19T23:10:00", "2026-11-20T01:00:00"),
            try sleep(.asleepDeep, "2026-11-20T01:00:00", "2026-11-20T02:00:00"),
            try sleep(.awake, "2026-11-20T02:00:00", "2026-11-20T02:10:00"),
            try sleep(.asleepREM, "2026-11-20T02:10:00", "2026-11-20T03:30:00"),
            try sleep(.asleepCore, "2026-11-20T03:30:00", "2026-11-20T06:40:00"),
        ])
        let night = try chart(store, HKCategoryType(.sleepAnalysis), .day, "2026-11-20")
        #expect(night.headline == "Asleep 7 h 20 min")
        #expect(night.detail == "In bed 7 h 55 min · 22:55–06:50")
        let timeline = try #require(night.timeline)
        #expect(timeline.rows.map(\.name) == ["In Bed", "Awake", "REM", "Core", "Deep"])
        #expect(timeline.rows.map(\.total) == ["7 h 55 min", "10 min", "1 h 20 min", "5 h", "1 h"])
        // The day before has no night.
        #expect(try chart(store, HKCategoryType(.sleepAnalysis), .day, "2026-11-19").headline == "No data")
    }

    @Test func sleepIsAveragedOverNights() async throws {
        let store = try await store([
            try sleep(.asleepUnspecified, "2026-11-17T23:00:00", "2026-11-18T06:00:00"),
            try sleep(.asleepUnspecified, "2026-11-19T23:30:00", "2026-11-20T08:30:00"),
        ])
        let week = try chart(store, HKCategoryType(.sleepAnalysis), .week, "2026-11-20")
        #expect(week.headline == "Average asleep 8 h")
        #expect(week.detail == "2 nights")
        #expect(week.points.compactMap(\.value) == [7, 9])
    }

    @Test func bloodPressureShowsBothPressuresTogether() async throws {
        func reading(_ systolic: Double, _ diastolic: Double, _ time: String) throws -> HKSample {
            let mmHg = HKUnit.millimeterOfMercury()
            return try HKCorrelation(
                validating: HKCorrelationType(.bloodPressure), start: at(time), end: at(time),
                objects: [
                    try HKQuantitySample(
                        validating: HKQuantityType(.bloodPressureSystolic),
                        quantity: HKQuantity(unit: mmHg, doubleValue: systolic), start: at(time), end: at(time)),
                    try HKQuantitySample(
                        validating: HKQuantityType(.bloodPressureDiastolic),
                        quantity: HKQuantity(unit: mmHg, doubleValue: diastolic), start: at(time), end: at(time)),
                ])
        }
        let store = try await store([
            try reading(118, 76, "2026-11-20T08:00:00"), try reading(126, 84, "2026-11-20T20:00:00"),
        ])
        let day = try chart(
            store, HKCorrelationType(.bloodPressure), .day, "2026-11-20", unit: DisplayUnit(.millimeterOfMercury()))
        #expect(day.headline == "Average 122/80 mmHg")
        #expect(day.detail == "Systolic 118–126 mmHg · diastolic 76–84 mmHg")
        #expect(day.points[8].figures == "systolic 118 mmHg, diastolic 76 mmHg")
    }

    @Test func mindfulMinutesAddUpTheirDurations() async throws {
        let store = try await store([
            try HKCategorySample(
                validating: HKCategoryType(.mindfulSession), value: 0, start: at("2026-11-20T07:00:00"),
                end: at("2026-11-20T07:10:00")),
            try HKCategorySample(
                validating: HKCategoryType(.mindfulSession), value: 0, start: at("2026-11-20T21:00:00"),
                end: at("2026-11-20T21:05:00")),
        ])
        #expect(try chart(store, HKCategoryType(.mindfulSession), .day, "2026-11-20").headline == "Total 15 min")
    }

    /// Twelve hours stood and two idle on one day, five stood the day before: Stand Hours counts the hours stood.
    @Test func standHoursCountTheHoursStoodNotTheIdleOnes() async throws {
        func hour(_ day: String, _ hour: Int, _ value: HKCategoryValueAppleStandHour) throws -> HKSample {
            let start = at(day + "T" + String(format: "%02d", hour) + ":00:00")
            return try HKCategorySample(
                validating: HKCategoryType(.appleStandHour), value: value.rawValue, start: start,
                end: start.addingTimeInterval(3600))
        }
        let store = try await store(
            try (8..<20).map { try hour("2026-11-20", $0, .stood) } + [
                try hour("2026-11-20", 20, .idle), try hour("2026-11-20", 21, .idle),
            ] + (8..<13).map { try hour("2026-11-19", $0, .stood) })
        let day = try chart(store, HKCategoryType(.appleStandHour), .day, "2026-11-20")
        #expect(day.headline == "Total 12 hr")
        #expect(day.points[20].figures == "0 hr" && day.points[19].figures == "1 hr")
        let week = try chart(store, HKCategoryType(.appleStandHour), .week, "2026-11-20")
        #expect(week.points.last?.figures == "12 hr")
        #expect(week.detail == "Daily average 9 hr over 2 days")
    }
}
