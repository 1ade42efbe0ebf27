import Foundation
import HealthDaemon
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import Testing
@testable import HealthWeb

/// The Summary: Favorites first, Highlights, then the types with data by category, each row with its latest day's
/// total, night or value in the user's unit, a week's trend, and a link to its page at that day.
struct SummaryTests {
    private let dates = PageDateText(timeZone: TimeZone(identifier: "UTC")!)
    private let now = ISO8601DateFormatter().date(from: "2026-11-20T18:00:00Z")!

    private func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "Z")! }

    private func quantity(
        _ identifier: HKQuantityTypeIdentifier, _ value: Double, _ unit: HKUnit, _ start: String,
        _ end: String? = nil
    ) throws -> HKSample {
        try HKQuantitySample(
            validating: HKQuantityType(identifier), quantity: HKQuantity(unit: unit, doubleValue: value),
            start: at(start), end: at(end ?? start))
    }

    private func summary(_ engine: HealthEngine) throws -> SummaryContent {
        // Numbers in an English locale, whatever the machine's (they are written in healthd's locale).
        try PageNumberText.$locale.withValue(Locale(identifier: "en_US")) {
            try HealthWebApp.summary(store: OwnerWebStore(engine: engine), dates: dates, now: now)
        }
    }

    @Test func rowsAreGroupedByCategoryWithLatestValuesAndTotals() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        try await engine.setPreferredUnit(.pound(), for: HKQuantityType(.bodyMass))
        try await engine.save(
            [
                try quantity(.stepCount, 1000, .count(), "2026-11-20T10:00:00", "2026-11-20T11:00:00"),
                try quantity(.stepCount, 234, .count(), "2026-11-20T15:00:00", "2026-11-20T15:10:00"),
                try quantity(.bodyMass, 70, .gramUnit(with: .kilo), "2026-11-18T07:00:00"),
                try quantity(.bodyMass, 72.5, .gramUnit(with: .kilo), "2026-11-19T08:00:00"),
                try quantity(.heartRate, 1.2, HKUnit(from: "count/s"), "2026-11-20T09:00:00"),
                try HKCategorySample(
                    validating: HKCategoryType(.sleepAnalysis), value: 3, start: at("2026-11-19T23:00:00"),
                    end: at("2026-11-20T06:00:00")),
            ], as: try OwnerWebStore.owner())
        let content = try summary(engine)
        #expect(content.sections.map(\.title) == ["Activity", "Body Measurements", "Heart", "Sleep"])
        let rows = Dictionary(uniqueKeysWithValues: content.rows.map { ($0.name, $0) })
        #expect(rows["Steps"]?.value == "1,234 steps")
        #expect(rows["Steps"]?.when == "Today")
        #expect(rows["Weight"]?.value == "159.8 lb")
        #expect(rows["Heart Rate"]?.value == "72 BPM")
        #expect(rows["Sleep"]?.value == "Asleep 7 h")
        // A link carries the day of the latest data.
        #expect(rows["Weight"]?.href == "/types/bodyMass?range=day&date=2026-11-19")
        #expect(rows["Steps"]?.sparkline.bars.count == 1 && rows["Weight"]?.sparkline.dots.count == 2)
    }

    @Test func heartRateAndBloodPressureReadAsWholeNumbersAsHealthRoundsThem() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let pressure = try HKCorrelation(
            validating: HKCorrelationType(.bloodPressure), start: at("2026-11-20T08:00:00"),
            end: at("2026-11-20T08:00:00"),
            objects: [
                try quantity(.bloodPressureSystolic, 127.4, .millimeterOfMercury(), "2026-11-20T08:00:00"),
                try quantity(.bloodPressureDiastolic, 75.1, .millimeterOfMercury(), "2026-11-20T08:00:00"),
            ])
        try await engine.save(
            [try quantity(.heartRate, 105.1 / 60, HKUnit(from: "count/s"), "2026-11-20T09:00:00"), pressure],
            as: try OwnerWebStore.owner())
        let rows = Dictionary(uniqueKeysWithValues: try summary(engine).rows.map { ($0.name, $0.value) })
        #expect(rows["Heart Rate"] == "105 BPM")
        #expect(rows["Blood Pressure"] == "127/75 mmHg")
    }

    @Test func standHoursReadAsTheDaysHoursStood() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let hours = try (6..<17).map { hour in
            try HKCategorySample(
                validating: HKCategoryType(.appleStandHour),
                value: (hour == 16 ? HKCategoryValueAppleStandHour.idle : .stood).rawValue,
                start: at("2026-11-20T\(String(format: "%02d", hour)):00:00"),
                end: at("2026-11-20T\(String(format: "%02d", hour + 1)):00:00"))
        }
        try await engine.save(hours, as: try OwnerWebStore.owner())
        let row = try summary(engine).rows.first { $0.name == "Stand Hours" }
        #expect(row?.value == "10 hr" && row?.when == "Today")
    }

    @Test func favoritesComeFirstAndLeaveTheirCategory() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        try await engine.save(
            [
                try quantity(.stepCount, 1000, .count(), "2026-11-20T10:00:00", "2026-11-20T11:00:00"),
                try quantity(.restingHeartRate, 1, HKUnit(from: "count/s"), "2026-11-20T07:00:00"),
            ], as: try OwnerWebStore.owner())
        try await engine.setFavoriteTypes([
            HKQuantityTypeIdentifier.restingHeartRate.rawValue, HKQuantityTypeIdentifier.bodyMass.rawValue,
        ])
        let content = try summary(engine)
        #expect(content.favorites.map(\.name) == ["Resting Heart Rate", "Weight"])
        #expect(content.favorites.map(\.value) == ["60 BPM", "No data"])
        #expect(content.sections.map(\.title) == ["Activity"])
    }

    @Test func aHighlightComparesThisWeekWithThePreviousFourWeeksPerDayWithData() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        var samples: [HKSample] = []
        // This week: 2 days of 9,000 steps. The four weeks before: 4 days of 6,000.
        for day in ["2026-11-19", "2026-11-20"] {
            samples.append(try quantity(.stepCount, 9000, .count(), day + "T10:00:00", day + "T11:00:00"))
        }
        for day in ["2026-10-25", "2026-11-01", "2026-11-05", "2026-11-12"] {
            samples.append(try quantity(.stepCount, 6000, .count(), day + "T10:00:00", day + "T11:00:00"))
        }
        try await engine.save(samples, as: try OwnerWebStore.owner())
        let highlight = try #require(try summary(engine).highlights.first)
        #expect(highlight.name == "Steps")
        #expect(highlight.trend == "up")
        #expect(
            highlight.sentence
                == "You averaged 9,000 steps a day this week, 50% more than over the previous four weeks (6,000 steps a day)."
        )
        #expect(highlight.recentWidth == "100" && highlight.priorWidth == "67")
    }

    /// Steps on `days` days ending `daysBack` days before 20 November 2026, `value` each.
    private func dailySteps(_ value: Double, days: Int, endingDaysBefore daysBack: Int) throws -> [HKSample] {
        let end = at("2026-11-20T10:00:00")
        return try (daysBack..<(daysBack + days)).map { back in
            let start = end.addingTimeInterval(-Double(back) * 86_400)
            return try HKQuantitySample(
                validating: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: value),
                start: start, end: start.addingTimeInterval(3600))
        }
    }

    @Test func aTrendComparesTheLast90DaysWithTheYearBefore() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        try await engine.save(
            try dailySteps(9000, days: 60, endingDaysBefore: 0) + dailySteps(6000, days: 200, endingDaysBefore: 100),
            as: try OwnerWebStore.owner())
        let trend = try #require(try summary(engine).trends.first)
        #expect(
            trend.sentence
                == "You averaged 9,000 steps a day over the last 90 days, 50% more than over the year before (6,000 steps a day)."
        )
        #expect(trend.recentLabel == "Last 90 days" && trend.trend == "up")
    }

    @Test func noTrendWhenTheAverageHardlyMovedOrTheYearHoldsTooFewDays() async throws {
        let steady = HealthEngine(storage: try SQLiteStorage())
        try await steady.save(
            try dailySteps(6100, days: 60, endingDaysBefore: 0) + dailySteps(6000, days: 200, endingDaysBefore: 100),
            as: try OwnerWebStore.owner())
        #expect(try summary(steady).trends.isEmpty)
        let new = HealthEngine(storage: try SQLiteStorage())
        try await new.save(
            try dailySteps(9000, days: 60, endingDaysBefore: 0) + dailySteps(6000, days: 20, endingDaysBefore: 100),
            as: try OwnerWebStore.owner())
        #expect(try summary(new).trends.isEmpty)
    }
}
