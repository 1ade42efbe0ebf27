import Foundation

/// A night drawn as Health draws it: a row per stage (in bed, awake, REM, core, deep, asleep without a stage), each
/// stretch of the stage a bar along the night's hours. Each bar can be focused or tapped to read it; the rows'
/// totals are the chart's figures.
struct SleepTimeline: Sendable {
    struct Bar: Sendable {
        let x, width: String
        let spoken: String
    }

    struct Row: Sendable {
        let name: String
        let kind: String
        let y, labelY, height: String
        let total: String
        let bars: [Bar]
    }

    struct Tick: Sendable {
        let x: String
        let label: String
    }

    let width = "640"
    let height: String
    let plotLeft = "66"
    let plotRight = "636"
    let axisY: String
    let labelX = "60"
    let rows: [Row]
    let ticks: [Tick]
    let summary: String

    init(night: SleepNight, span: DateInterval, dates: PageDateText) {
        let left = 66.0, right = 636.0, rowHeight = 28.0, gap = 8.0, top = 8.0
        let order: [SleepNight.Stage] = [.inBed, .awake, .rem, .core, .deep, .asleepUnspecified]
        let stages = order.filter { night.segments[$0] != nil }
        let length = max(span.duration, 1)
        func x(_ date: Date) -> Double { left + (right - left) * date.timeIntervalSince(span.start) / length }
        rows = stages.enumerated().map { index, stage in
            let y = top + Double(index) * (rowHeight + gap)
            let segments = night.segments[stage] ?? []
            return Row(
                name: stage.name, kind: String(describing: stage), y: BarChart.number(y),
                labelY: BarChart.number(y + rowHeight / 2 + 4), height: BarChart.number(rowHeight),
                total: SleepNight.duration(night.time(in: stage) ?? 0),
                bars: segments.map { segment in
                    Bar(
                        x: BarChart.number(x(segment.start)),
                        width: BarChart.number(max(1.5, x(segment.end) - x(segment.start))),
                        spoken: "\(stage.name), \(dates.time(segment.start))–\(dates.time(segment.end)) "
                            + "(\(SleepNight.duration(segment.duration)))")
                })
        }
        let bottom = top + Double(stages.count) * (rowHeight + gap)
        height = BarChart.number(bottom + 24)
        axisY = BarChart.number(bottom + 14)
        // A label on each whole hour, at most about eight of them.
        var ticks: [Tick] = []
        let calendar = dates.calendar
        let firstHour = calendar.dateInterval(of: .hour, for: span.start).map { $0.end } ?? span.start
        let step = max(1, WholeNumber.clamped(((span.duration / 3600).rounded(.down) / 8).rounded(.up)))
        var hour = firstHour
        while hour < span.end {
            ticks.append(Tick(x: BarChart.number(x(hour)), label: dates.time(hour)))
            hour = calendar.date(byAdding: .hour, value: step, to: hour) ?? span.end
        }
        self.ticks = ticks
        summary =
            "Sleep stages from \(dates.time(span.start)) to \(dates.time(span.end)): "
            + rows.map { "\($0.name) \($0.total)" }.joined(separator: ", ")
    }
}
