import Foundation
import OpenHealthKitModel

/// An audiogram drawn as audiologists draw it, as an SVG: frequency on a logarithmic axis (125 Hz to 8 kHz, one
/// octave per column), hearing level in dBHL downwards (−10 at the top, 120 at the bottom: the lower a point, the
/// worse the hearing), the right ear as red circles and the left ear as blue crosses, each ear's points joined.
/// Masked tests are labelled in their title (a masked right-ear circle is drawn hollow); the shaded band is normal
/// hearing (up to 25 dBHL). Its colours are presentation attributes: it needs no style sheet.
struct AudiogramChart: Sendable {
    static let width = 640.0, height = 400.0
    static let left = 56.0, right = 16.0, top = 24.0, bottom = 40.0
    static let lowestFrequency = 125.0, highestFrequency = 8_000.0
    static let lowestLevel = -10.0, highestLevel = 120.0

    let points: [HKAudiogramSensitivityPoint]

    var svg: String {
        let frequencies = points.map(\.hertz)
        let low = min(Self.lowestFrequency, frequencies.min() ?? Self.lowestFrequency)
        let high = max(Self.highestFrequency, frequencies.max() ?? Self.highestFrequency)
        let levels = points.flatMap(\.tests).map(\.decibels)
        let shallowest = min(Self.lowestLevel, (levels.min() ?? 0).rounded(.down))
        let deepest = max(Self.highestLevel, (levels.max() ?? 0).rounded(.up))
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func x(_ hertz: Double) -> Double { Self.left + plotWidth * log2(hertz / low) / log2(high / low) }
        func y(_ level: Double) -> Double { Self.top + plotHeight * (level - shallowest) / (deepest - shallowest) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="audiogram" role="img" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" \
            font-family="sans-serif" font-size="12" \
            aria-label="Audiogram: hearing level in dBHL by frequency, right ear red circles, left ear blue crosses">
            <rect class="audiogram-normal" fill="#eef7ee" x="\(f(Self.left))" y="\(f(y(shallowest)))" width="\(f(plotWidth))" height="\(f(y(25) - y(shallowest)))"/>

            """
        var octave = low
        while octave <= high * 1.0001 {
            svg +=
                "<line class=\"audiogram-grid\" stroke=\"#ddd\" x1=\"\(f(x(octave)))\" y1=\"\(f(Self.top))\" x2=\"\(f(x(octave)))\" y2=\"\(f(Self.top + plotHeight))\"/>"
            svg +=
                "<text class=\"audiogram-label\" fill=\"#555\" x=\"\(f(x(octave)))\" y=\"\(f(Self.height - 20))\" text-anchor=\"middle\">\(Self.frequencyLabel(octave))</text>\n"
            octave *= 2
        }
        for level in stride(from: (shallowest / 10).rounded(.up) * 10, through: deepest, by: 10) {
            svg +=
                "<line class=\"audiogram-grid\" stroke=\"#ddd\" x1=\"\(f(Self.left))\" y1=\"\(f(y(level)))\" x2=\"\(f(Self.left + plotWidth))\" y2=\"\(f(y(level)))\"/>"
            svg +=
                "<text class=\"audiogram-label\" fill=\"#555\" x=\"\(f(Self.left - 8))\" y=\"\(f(y(level) + 4))\" text-anchor=\"end\">\(Int(level))</text>\n"
        }
        svg +=
            "<text class=\"audiogram-axis\" x=\"\(f(Self.left + plotWidth / 2))\" y=\"\(f(Self.height - 4))\" text-anchor=\"middle\">Frequency (Hz)</text>\n"
        svg +=
            "<text class=\"audiogram-axis\" x=\"14\" y=\"\(f(Self.top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(f(Self.top + plotHeight / 2)))\">Hearing level (dBHL)</text>\n"
        for side in [HKAudiogramSensitivityTestSide.right, .left] {
            let ear = points.compactMap { point -> (Double, HKAudiogramSensitivityTest)? in
                let tests = point.tests.filter { $0.side == side }
                guard let test = tests.first(where: { !$0.masked }) ?? tests.first else { return nil }
                return (point.hertz, test)
            }
            let name = side == .right ? "right" : "left"
            let color = side == .right ? "#d62728" : "#1f5fbf"
            if ear.count > 1 {
                let line = ear.map { "\(f(x($0.0))),\(f(y($0.1.decibels)))" }.joined(separator: " ")
                svg +=
                    "<polyline class=\"audiogram-\(name)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(line)\"/>\n"
            }
            for (hertz, test) in ear {
                let title =
                    "\(name) ear, \(Self.frequencyLabel(hertz)) Hz: \(f(test.decibels)) dBHL"
                    + (test.masked ? ", masked" : "")
                let cx = x(hertz), cy = y(test.decibels)
                let shape =
                    side == .right
                    ? "<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"6\" fill=\"\(test.masked ? "none" : "#fff")\"/>"
                    : "<path d=\"M\(f(cx - 5)) \(f(cy - 5))L\(f(cx + 5)) \(f(cy + 5))M\(f(cx - 5)) \(f(cy + 5))L\(f(cx + 5)) \(f(cy - 5))\"/>"
                svg +=
                    "<g class=\"audiogram-\(name)-point\(test.masked ? " masked" : "")\" stroke=\"\(color)\" stroke-width=\"2\" fill=\"none\"><title>\(title)</title>\(shape)</g>\n"
            }
        }
        return svg + "</svg>"
    }

    /// `250`, `1k`, `8k`.
    static func frequencyLabel(_ hertz: Double) -> String {
        hertz >= 1_000 && (hertz / 1_000).rounded() == hertz / 1_000 ? "\(Int(hertz / 1_000))k" : f(hertz)
    }

    private func f(_ value: Double) -> String { Self.f(value) }

    /// A number with at most one decimal.
    private static func f(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
