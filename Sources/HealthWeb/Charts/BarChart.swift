import Foundation

/// The geometry of a chart, drawn as SVG by the `chart` template: per interval a slot that can be focused or
/// tapped to read its figures, holding bars from zero (totals, counts, averages; a lighter one behind for sleep's
/// time in bed) or a bar from the lowest to the highest value with a dot at the average (discrete types; two side
/// by side for blood pressure). Every number is formatted here, so the template only places them.
struct BarChart: Sendable {
    /// One interval: its hit area (the whole height, for a finger), what it says, and its marks.
    struct Slot: Sendable {
        let x, width: String
        let spoken: String
        let focusable: Bool
        let marks: [Mark]
    }

    /// A bar, a range or the bar behind; `dotY` places an average's dot.
    struct Mark: Sendable {
        let kind: String
        let x, y, width, height: String
        let centerX: String
        let dotY: String?
    }

    struct GridLine: Sendable {
        let y, labelY: String
        let label: String
    }

    struct AxisLabel: Sendable {
        let x: String
        let text: String
    }

    /// The SVG's id and class: the laptop's chart or the phone's (the page holds both, CSS shows one).
    let id: String
    let width: String
    let height: String
    let labelY: String
    let emptyX: String
    let emptyY: String
    let dotRadius: String
    let plotLeft: String
    let plotRight: String
    let plotTop: String
    let plotHeight: String
    /// Where the value labels end, left of the plot.
    let axisX: String
    let slots: [Slot]
    let grid: [GridLine]
    let labels: [AxisLabel]
    let hasData: Bool
    /// What the chart shows, for screen readers (the figures are also in the table beside it).
    let summary: String

    /// A full-width chart: `labels[i]` names bar i under the axis (nil: unlabeled); `axisUnit` follows the numbers
    /// of the value axis (`h` for sleep); drawn for a laptop's width or a phone's.
    init(
        points: [ChartPoint], labels barLabels: [String?], isRange: Bool, summary: String, axisUnit: String = "",
        layout: ChartLayout = .wide
    ) {
        let frame = layout.frame
        id = layout.id
        width = Self.number(layout.width)
        height = Self.number(layout.height)
        labelY = Self.number(layout.height - 8)
        emptyX = Self.number((frame.left + frame.right) / 2)
        emptyY = Self.number((frame.top + frame.bottom) / 2)
        dotRadius = Self.number(layout.dotRadius)
        plotLeft = Self.number(frame.left)
        plotRight = Self.number(frame.right)
        plotTop = Self.number(frame.top)
        plotHeight = Self.number(frame.bottom - frame.top)
        axisX = Self.number(frame.left - 6)
        self.summary = summary
        let values = points.flatMap { point in
            isRange
                ? [point.low, point.high, point.average, point.secondLow, point.secondHigh].compactMap { $0 }
                : [point.value, point.background].compactMap { $0 }
        }
        hasData = !values.isEmpty
        let scale = Scale(values: values, fromZero: !isRange)
        let slot = (frame.right - frame.left) / Double(max(points.count, 1))
        let paired = points.contains { $0.secondLow != nil }
        let barWidth = max(1, slot * (paired ? 0.36 : 0.66))
        var slots: [Slot] = [], labels: [AxisLabel] = []
        for (index, point) in points.enumerated() {
            let slotX = frame.left + Double(index) * slot
            var marks: [Mark] = []
            func range(_ low: Double?, _ average: Double?, _ high: Double?, kind: String, x: Double) {
                guard let low, let high else { return }
                let top = frame.y(scale.fraction(high)), bottom = frame.y(scale.fraction(low))
                let dot = average.map { frame.y(scale.fraction($0)) } ?? (top + bottom) / 2
                marks.append(
                    Mark(
                        kind: kind, x: Self.number(x), y: Self.number(top), width: Self.number(barWidth),
                        height: Self.number(max(2, bottom - top)), centerX: Self.number(x + barWidth / 2),
                        dotY: Self.number(dot)))
            }
            func bar(_ value: Double?, kind: String, x: Double) {
                guard let value, value > 0 else { return }
                let top = frame.y(scale.fraction(value))
                marks.append(
                    Mark(
                        kind: kind, x: Self.number(x), y: Self.number(top), width: Self.number(barWidth),
                        height: Self.number(max(1, frame.bottom - top)), centerX: Self.number(x + barWidth / 2),
                        dotY: nil))
            }
            if isRange {
                let first = slotX + (slot - barWidth * (paired ? 2.2 : 1)) / 2
                range(point.low, point.average, point.high, kind: "range", x: first)
                range(
                    point.secondLow, point.secondAverage, point.secondHigh, kind: "range second",
                    x: first + barWidth * 1.2)
            } else {
                let x = slotX + (slot - barWidth) / 2
                bar(point.background, kind: "bar back", x: x)
                bar(point.value, kind: "bar", x: x)
            }
            slots.append(
                Slot(
                    x: Self.number(slotX), width: Self.number(slot), spoken: point.spoken, focusable: point.hasData,
                    marks: marks))
            if index < barLabels.count, let text = barLabels[index] {
                labels.append(AxisLabel(x: Self.number(slotX + slot / 2), text: text))
            }
        }
        self.slots = slots
        self.labels = labels
        grid =
            hasData
            ? scale.ticks.map { tick in
                let y = frame.y(scale.fraction(tick))
                return GridLine(
                    y: Self.number(y), labelY: Self.number(y + 4),
                    label: PageNumberText.format(tick) + (axisUnit.isEmpty ? "" : " " + axisUnit))
            } : []
    }

    /// Places numbers in an SVG: one decimal is plenty.
    static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}

/// How a chart is drawn: 640 × 220 for a laptop, whose labels CSS keeps at 11 px; 320 × 260 for a phone, drawn at
/// about the size it is shown (a 390-point screen less the page's and the card's margins), so its labels stay
/// about 12 px, its plot 200 px tall and its dots 8 px across.
struct ChartLayout: Sendable {
    let id: String
    let width, height: Double
    let frame: Frame
    let dotRadius: Double

    static let wide = ChartLayout(
        id: "chart", width: 640, height: 220, frame: Frame(left: 66, right: 636, top: 14, bottom: 184), dotRadius: 3)
    static let phone = ChartLayout(
        id: "phone-chart", width: 320, height: 260, frame: Frame(left: 46, right: 316, top: 12, bottom: 222),
        dotRadius: 4)
}

/// The plotting area.
struct Frame: Sendable {
    let left, right, top, bottom: Double

    /// The y coordinate of a fraction of the scale (0 at the bottom).
    func y(_ fraction: Double) -> Double { bottom - fraction * (bottom - top) }
}

/// A value axis with round ticks: from zero for totals, around the data for discrete values.
struct Scale {
    let low: Double
    let high: Double
    let ticks: [Double]

    init(values: [Double], fromZero: Bool) {
        let minimum = values.min() ?? 0, maximum = values.max() ?? 0
        let bottom = fromZero ? min(0, minimum) : minimum
        var span = maximum - bottom
        if span <= 0 { span = max(abs(maximum) * 0.1, 1) }
        var step = Self.round(span / 3)
        // Counts never read 0.5.
        if fromZero, values.allSatisfy({ $0 == $0.rounded() }) { step = max(step, 1) }
        low = (bottom / step).rounded(.down) * step
        var high = (maximum / step).rounded(.up) * step
        if high <= low { high = low + step }
        self.high = high
        ticks = stride(from: low, through: high + step / 2, by: step).map { $0 }
    }

    func fraction(_ value: Double) -> Double {
        high > low ? (value - low) / (high - low) : 0
    }

    /// The round number (1, 2, 2.5 or 5 times a power of ten) at or above `value`.
    static func round(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let power = pow(10, (log10(value)).rounded(.down))
        for factor in [1, 2, 2.5, 5, 10] where factor * power >= value * 0.999_999 {
            return factor * power
        }
        return 10 * power
    }
}

/// The small trend beside a value on the Summary: bars (totals, counts) or a line (discrete values).
struct Sparkline: Sendable {
    struct Bar: Sendable {
        let x, y, width, height: String
    }

    struct Dot: Sendable {
        let x, y: String
    }

    let bars: [Bar]
    /// The polyline's points, `x,y x,y …`, and a dot on each (a lone value has no line); nil and none for bars.
    let points: String?
    let dots: [Dot]

    init(values: [Double?], asLine: Bool) {
        let frame = Frame(left: 1, right: 79, top: 2, bottom: 26)
        let known = values.compactMap { $0 }
        let scale = Scale(values: known, fromZero: !asLine)
        let slot = (frame.right - frame.left) / Double(max(values.count, 1))
        if asLine {
            bars = []
            dots = values.enumerated().compactMap { index, value in
                value.map {
                    Dot(
                        x: BarChart.number(frame.left + (Double(index) + 0.5) * slot),
                        y: BarChart.number(frame.y(scale.fraction($0))))
                }
            }
            points = dots.count < 2 ? nil : dots.map { $0.x + "," + $0.y }.joined(separator: " ")
        } else {
            points = nil
            dots = []
            bars = values.enumerated().compactMap { index, value in
                guard let value, value > 0 else { return nil }
                let top = frame.y(scale.fraction(value))
                return Bar(
                    x: BarChart.number(frame.left + Double(index) * slot + slot * 0.15), y: BarChart.number(top),
                    width: BarChart.number(slot * 0.7), height: BarChart.number(max(1, frame.bottom - top)))
            }
        }
    }
}
