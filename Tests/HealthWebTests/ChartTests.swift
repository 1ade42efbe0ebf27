import Foundation
import Testing
@testable import HealthWeb

struct ChartTests {
    private let dates = PageDateText(timeZone: TimeZone(identifier: "Europe/Paris")!)

    private func day(_ text: String) -> Date { dates.parseISODay(text)! }

    @Test func windowsCoverADayAWeekAMonthAndAYearEndingWithTheDay() {
        let calendar = dates.calendar
        let dayWindow = ChartWindow(period: .day, day: day("2026-11-20"), calendar: calendar)
        #expect(dayWindow.bars(calendar: calendar).count == 24)
        #expect(dayWindow.title(dates) == "20 Nov 2026")
        let week = ChartWindow(period: .week, day: day("2026-11-20"), calendar: calendar)
        #expect(week.bars(calendar: calendar).count == 7)
        #expect(week.start == day("2026-11-14"))
        #expect(week.title(dates) == "14 Nov 2026 – 20 Nov 2026")
        #expect(week.previousDay == day("2026-11-13"))
        let month = ChartWindow(period: .month, day: day("2026-11-20"), calendar: calendar)
        #expect(month.bars(calendar: calendar).count == 31)
        let year = ChartWindow(period: .year, day: day("2026-11-20"), calendar: calendar)
        #expect(year.bars(calendar: calendar).count == 12)
        #expect(year.title(dates) == "Dec 2025 – Nov 2026")
    }

    @Test func theDayClocksGoBackHas25Hours() {
        let window = ChartWindow(period: .day, day: day("2026-10-25"), calendar: dates.calendar)
        #expect(window.bars(calendar: dates.calendar).count == 25)
    }

    @Test func axesUseRoundNumbers() {
        #expect(Scale.round(0.7) == 1)
        #expect(Scale.round(367) == 500)
        #expect(Scale.round(1200) == 2000)
        #expect(Scale.round(2.1) == 2.5)
        let totals = Scale(values: [0, 1100], fromZero: true)
        #expect(totals.ticks == [0, 500, 1000, 1500])
        let heartRates = Scale(values: [58, 121], fromZero: false)
        #expect(heartRates.low == 50 && heartRates.high == 125)
        #expect(Scale(values: [], fromZero: true).ticks == [0, 1])
        #expect(Scale(values: [0, 1, 1], fromZero: true).ticks == [0, 1])
        #expect(Scale(values: [72.5], fromZero: false).ticks.count >= 2)
    }

    @Test func barsRiseFromZeroAndRangesSpanTheirLowestToHighest() throws {
        let hour = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 3600)
        let totals = BarChart(
            points: [
                ChartPoint(interval: hour, value: 500), ChartPoint(interval: hour),
                ChartPoint(interval: hour, value: 1000),
            ],
            labels: ["00:00", nil, nil], isRange: false, summary: "Steps")
        #expect(totals.slots.count == 3)
        #expect(totals.labels.map(\.text) == ["00:00"])
        let lower = try #require(totals.slots.first?.marks.first),
            tallest = try #require(totals.slots.last?.marks.first)
        #expect(Double(tallest.height)! > Double(lower.height)! * 1.9)
        let discrete = BarChart(
            points: [ChartPoint(interval: hour, low: 60, average: 70, high: 90)], labels: [], isRange: true,
            summary: "Heart Rate")
        let range = try #require(discrete.slots.first?.marks.first)
        let dot = try #require(range.dotY.flatMap(Double.init))
        #expect(dot > Double(range.y)! && dot < Double(range.y)! + Double(range.height)!)
        #expect(
            discrete.hasData
                && !BarChart(points: [ChartPoint(interval: hour)], labels: [], isRange: true, summary: "").hasData)
    }

    /// Each bar can be focused (or tapped) to read its figures; an interval without data cannot.
    @Test func barsWithDataAreFocusableAndSayTheirFigures() {
        let hour = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 3600)
        let chart = BarChart(
            points: [
                ChartPoint(interval: hour, value: 8123, label: "Mon 14 Nov 2026", figures: "8,123 steps"),
                ChartPoint(interval: hour, label: "Tue 15 Nov 2026"),
            ],
            labels: [], isRange: false, summary: "Steps")
        #expect(chart.slots.map(\.focusable) == [true, false])
        #expect(chart.slots.map(\.spoken) == ["Mon 14 Nov 2026: 8,123 steps", "Tue 15 Nov 2026: No data"])
    }

    /// Blood pressure: systolic and diastolic side by side in each interval.
    @Test func aPairShowsTwoRangesPerInterval() throws {
        let hour = DateInterval(start: Date(timeIntervalSince1970: 0), duration: 3600)
        let chart = BarChart(
            points: [
                ChartPoint(
                    interval: hour, low: 118, average: 121, high: 125, secondLow: 76, secondAverage: 79, secondHigh: 82)
            ],
            labels: [], isRange: true, summary: "Blood Pressure")
        let marks = try #require(chart.slots.first?.marks)
        #expect(marks.map(\.kind) == ["range", "range second"])
        #expect(Double(marks[0].y)! < Double(marks[1].y)!)
        #expect(Double(marks[0].x)! < Double(marks[1].x)!)
    }

    @Test func aSparklineOfOneValueIsADot() {
        let single = Sparkline(values: [nil, nil, 72], asLine: true)
        #expect(single.points == nil && single.dots.count == 1)
        let line = Sparkline(values: [70, nil, 72], asLine: true)
        #expect(line.points?.split(separator: " ").count == 2)
        #expect(Sparkline(values: [0, 10, 20], asLine: false).bars.count == 2)
    }
}
