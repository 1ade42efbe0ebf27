import Foundation

/// A night drawn as Health draws it: a row per stage (in bed, awake, REM, core, deep, asleep without a stage), each
/// stretch of the stage a bar along the night's hours. Each bar can be focused or tapped to read it; the rows'
/// totals are the chart's figures. Drawn for a laptop's width and for a phone's, where each row is 48 units (about
/// 46 px) tall and each stretch, however short, a target at least as wide.
struct SleepTimeline: Sendable {
    struct Bar: Sendable {
        let x, width: String
        /// The area that takes a tap: the bar, widened to the layout's smallest target.
        let hitX, hitWidth: String
        let spoken: String
    }

    /// The geometry of one drawing.
    struct Layout: Sendable {
        let id: String
        let width, left, right, rowHeight, gap, smallestTarget: Double

        static let wide = Layout(
            id: "chart", width: 640, left: 66, right: 636, rowHeight: 28, gap: 8, smallestTarget: 12)
        static let phone = Layout(
            id: "phone-chart", width: 320, left: 62, right: 316, rowHeight: 48, gap: 6, smallestTarget: 48)
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

    let id: String
    let width: String
    let height: String
    let plotLeft: String
    let laneWidth: String
    let axisY: String
    let labelX: String
    let rows: [Row]
    let ticks: [Tick]
    let summary: String

    init(night: SleepNight, span: DateInterval, dates: PageDateText, layout: Layout = .wide) {
        let left = layout.left, right = layout.right, rowHeight = layout.rowHeight, gap = layout.gap, top = 8.0
        id = layout.id
        width = BarChart.number(layout.width)
        plotLeft = BarChart.number(left)
        laneWidth = BarChart.number(right - left)
        labelX = BarChart.number(left - 6)
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
                    let start = x(segment.start), width = max(1.5, x(segment.end) - start)
                    let hitWidth = min(max(width, layout.smallestTarget), right - left)
                    let hitX = min(max(start + width / 2 - hitWidth / 2, left), right - hitWidth)
                    return Bar(
                        x: BarChart.number(start), width: BarChart.number(width), hitX: BarChart.number(hitX),
                        hitWidth: BarChart.number(hitWidth),
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
