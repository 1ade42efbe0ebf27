import Foundation
import HealthDaemon
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import Testing
@testable import HealthWeb

/// The Summary lists the types with data, latest first: a cumulative type with its latest day's merged total, a
/// discrete one with its latest value, in the user's unit, each with a week's trend.
struct SummaryTests {
    @Test func latestValuesAndTotals() throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let owner = try OwnerWebStore.owner()
        let dates = PageDateText(timeZone: TimeZone(identifier: "UTC")!)
        let now = ISO8601DateFormatter().date(from: "2026-11-20T18:00:00Z")!
        func at(_ time: String) -> Date { ISO8601DateFormatter().date(from: "2026-11-20T\(time):00Z")! }
        try engine.setPreferredUnit(.pound(), for: HKQuantityType(.bodyMass))
        try engine.save(
            [
                try HKQuantitySample(
                    validating: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 1000),
                    start: at("10:00"), end: at("11:00")),
                try HKQuantitySample(
                    validating: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 234),
                    start: at("15:00"), end: at("15:10")),
                try HKQuantitySample(
                    validating: HKQuantityType(.bodyMass),
                    quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 70), start: at("07:00"),
                    end: at("07:00")),
                try HKQuantitySample(
                    validating: HKQuantityType(.bodyMass),
                    quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 72.5), start: at("08:00"),
                    end: at("08:00")),
                try HKCategorySample(
                    validating: HKCategoryType(.sleepAnalysis), value: 3, start: at("01:00"), end: at("06:00")),
            ], as: owner)
        // Numbers in an English locale, whatever the machine's (they are written in healthd's locale).
        let rows = try PageNumberText.$locale.withValue(Locale(identifier: "en_US")) {
            try HealthWebApp.summaryRows(store: OwnerWebStore(engine: engine), dates: dates, now: now)
        }
        #expect(rows.map(\.name) == ["Step Count", "Body Mass", "Sleep Analysis"])
        #expect(rows.map(\.value) == ["1,234", "159.8 lb", "Asleep Core"])
        #expect(rows.map(\.when) == ["Today", "08:00", "01:00"])
        #expect(rows[0].sparkline.bars.count == 1 && rows[1].sparkline.dots.count == 1)
    }
}
