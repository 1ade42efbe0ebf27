import Foundation
import OpenHealthKitModel

/// An audiogram drawn as audiologists draw it: the geometry of the `audiogram-chart` template's SVG. Frequency on a
/// logarithmic axis (125 Hz to 8 kHz, widened to the points', one octave per column), hearing level in dBHL
/// downwards (−10 at the top, 120 at the bottom: the lower a point, the worse the hearing), the right ear as red
/// circles and the left ear as blue crosses, each ear's points joined. Masked tests are named so in their title (a
/// masked right-ear circle is drawn hollow); the shaded band is normal hearing (up to 25 dBHL).
///
/// Every field is a number or a text (the template escapes them like any value).
struct AudiogramChart: Sendable {
    static let width = 640.0, height = 400.0
    static let left = 56.0, right = 16.0, top = 24.0, bottom = 40.0
    static let lowestFrequency = 125.0, highestFrequency = 8_000.0
    static let lowestLevel = -10.0, highestLevel = 120.0

    /// A grid line and its label.
    struct GridLine: Sendable {
        let x1: String, y1: String, x2: String, y2: String
        let label: String, labelX: String, labelY: String, anchor: String
    }

    /// One ear: its colour, the line joining its points (nil for fewer than two) and its points.
    struct Ear: Sendable {
        let name: String
        let color: String
        let line: String?
        let points: [Point]
    }

    /// One test drawn: a circle (right ear) or a cross (left ear, path data), with its title.
    struct Point: Sendable {
        let title: String
        let masked: Bool
        let circle: Circle?
        let cross: String?
    }

    /// A right-ear mark: filled white, hollow when masked.
    struct Circle: Sendable {
        let cx: String, cy: String, fill: String
    }

    let width = f(AudiogramChart.width)
    let height = f(AudiogramChart.height)
    /// The normal-hearing band.
    let normalX: String, normalY: String, normalWidth: String, normalHeight: String
    let gridLines: [GridLine]
    /// Where the axis titles stand.
    let frequencyTitleX: String, frequencyTitleY: String, levelTitleY: String
    let ears: [Ear]

    /// The chart of `points`.
    init(points: [HKAudiogramSensitivityPoint]) {
        let frequencies = points.map(\.hertz)
        let low = min(Self.lowestFrequency, frequencies.min() ?? Self.lowestFrequency)
        let high = max(Self.highestFrequency, frequencies.max() ?? Self.highestFrequency)
        let levels = points.flatMap(\.tests).map(\.decibels)
        let shallowest = min(Self.lowestLevel, (levels.min() ?? 0).rounded(.down))
        let deepest = max(Self.highestLevel, (levels.max() ?? 0).rounded(.up))
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func x(_ hertz: Double) -> Double { Self.left + plotWidth * log2(hertz / low) / log2(high / low) }
        func y(_ level: Double) -> Double { Self.top + plotHeight * (level - shallowest) / (deepest - shallowest) }
        let f = Self.f
        normalX = f(Self.left)
        normalY = f(y(shallowest))
        normalWidth = f(plotWidth)
        normalHeight = f(y(25) - y(shallowest))
        var lines: [GridLine] = []
        var octave = low
        while octave <= high * 1.0001 {
            lines.append(
                GridLine(
                    x1: f(x(octave)), y1: f(Self.top), x2: f(x(octave)), y2: f(Self.top + plotHeight),
                    label: Self.frequencyLabel(octave), labelX: f(x(octave)), labelY: f(Self.height - 20),
                    anchor: "middle"))
            octave *= 2
        }
        for level in stride(from: (shallowest / 10).rounded(.up) * 10, through: deepest, by: 10) {
            lines.append(
                GridLine(
                    x1: f(Self.left), y1: f(y(level)), x2: f(Self.left + plotWidth), y2: f(y(level)),
                    label: WholeNumber.text(level), labelX: f(Self.left - 8), labelY: f(y(level) + 4), anchor: "end"))
        }
        gridLines = lines
        frequencyTitleX = f(Self.left + plotWidth / 2)
        frequencyTitleY = f(Self.height - 4)
        levelTitleY = f(Self.top + plotHeight / 2)
        ears = [HKAudiogramSensitivityTestSide.right, .left].map { side in
            let tested = points.compactMap { point -> (hertz: Double, test: HKAudiogramSensitivityTest)? in
                let tests = point.tests.filter { $0.side == side }
                guard let test = tests.first(where: { !$0.masked }) ?? tests.first else { return nil }
                return (point.hertz, test)
            }
            let name = side == .right ? "right" : "left"
            let marks = tested.map { hertz, test in
                let cx = x(hertz), cy = y(test.decibels)
                return Point(
                    title: "\(name) ear, \(Self.frequencyLabel(hertz)) Hz: \(f(test.decibels)) dBHL"
                        + (test.masked ? ", masked" : ""),
                    masked: test.masked,
                    circle: side == .right ? Circle(cx: f(cx), cy: f(cy), fill: test.masked ? "none" : "#fff") : nil,
                    cross: side == .right
                        ? nil
                        : "M\(f(cx - 5)) \(f(cy - 5))L\(f(cx + 5)) \(f(cy + 5))M\(f(cx - 5)) \(f(cy + 5))L\(f(cx + 5)) \(f(cy - 5))"
                )
            }
            return Ear(
                name: name, color: side == .right ? "#d62728" : "#1f5fbf",
                line: tested.count > 1
                    ? tested.map { "\(f(x($0.hertz))),\(f(y($0.test.decibels)))" }.joined(separator: " ") : nil,
                points: marks)
        }
    }

    /// `250`, `1k`, `8k`.
    static func frequencyLabel(_ hertz: Double) -> String {
        hertz >= 1_000 && (hertz / 1_000).rounded() == hertz / 1_000 ? "\(WholeNumber.text(hertz / 1_000))k" : f(hertz)
    }

    /// A number with at most one decimal.
    private static func f(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? WholeNumber.text(rounded) : String(format: "%.1f", rounded)
    }
}
