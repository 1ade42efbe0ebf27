import Foundation
import OpenHealthKitModel

/// An electrocardiogram drawn as on ECG paper, as an SVG whose user unit is the millimetre: the standard speed of
/// 25 mm/s and gain of 10 mm/mV, on a grid of 1 mm squares with a heavier line every 5 mm (0.2 s and 0.5 mV).
/// The recording is cut in rows of ``secondsPerRow`` seconds, one under the other, as a printout lays it out; the
/// SVG's width and height are given in millimetres, so that it prints at true scale. Its colours are presentation
/// attributes: it needs no style sheet.
struct ElectrocardiogramStrip: Sendable {
    /// Paper speed, millimetres per second.
    static let millimetresPerSecond = 25.0
    /// Gain, millimetres per millivolt.
    static let millimetresPerMillivolt = 10.0
    /// Seconds per row: a 250 mm row, the width of a printed strip.
    static let secondsPerRow = 10.0
    /// Height of a row, millimetres: ±1.5 mV around the baseline.
    static let rowHeight = 30.0

    let voltages: ElectrocardiogramVoltages
    let lead: HKElectrocardiogram.Lead

    /// The SVG document (an `<svg>` element to put in a page).
    var svg: String {
        let microvolts = voltages.leads[lead] ?? []
        let duration = Double(microvolts.count) / voltages.samplingFrequency
        let rows = max(1, Int((duration / Self.secondsPerRow).rounded(.up)))
        let width = Self.secondsPerRow * Self.millimetresPerSecond
        let height = Double(rows) * Self.rowHeight
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="ecg-strip" role="img" \
            width="\(Self.number(width))mm" height="\(Self.number(height))mm" \
            viewBox="0 0 \(Self.number(width)) \(Self.number(height))" \
            aria-label="Electrocardiogram at 25 mm/s and 10 mm/mV, \(rows) row\(rows == 1 ? "" : "s") of 10 seconds">
            <rect class="ecg-paper" x="0" y="0" width="\(Self.number(width))" height="\(Self.number(height))" fill="#fff7f5"/>

            """
        svg += grid(width: width, height: height)
        let perRow = Int((Self.secondsPerRow * voltages.samplingFrequency).rounded())
        for row in 0..<rows {
            let slice = microvolts.dropFirst(row * perRow).prefix(perRow)
            guard !slice.isEmpty else { continue }
            let baseline = (Double(row) + 0.5) * Self.rowHeight
            var points = ""
            points.reserveCapacity(slice.count * 12)
            for (offset, value) in slice.enumerated() {
                let x = Double(offset) / voltages.samplingFrequency * Self.millimetresPerSecond
                let y = baseline - value / 1000 * Self.millimetresPerMillivolt
                points += Self.number(x) + "," + Self.number(y) + " "
            }
            svg +=
                "<polyline class=\"ecg-trace\" fill=\"none\" stroke=\"#111\" stroke-width=\"0.3\" stroke-linejoin=\"round\" points=\"\(points)\"/>\n"
        }
        svg += scaleMark()
        return svg + "</svg>"
    }

    /// 1 mm lines, every fifth one heavier.
    private func grid(width: Double, height: Double) -> String {
        var minor = "", major = ""
        for x in stride(from: 0.0, through: width, by: 1) {
            let line = "M\(Self.number(x)) 0V\(Self.number(height))"
            if Int(x) % 5 == 0 { major += line } else { minor += line }
        }
        for y in stride(from: 0.0, through: height, by: 1) {
            let line = "M0 \(Self.number(y))H\(Self.number(width))"
            if Int(y) % 5 == 0 { major += line } else { minor += line }
        }
        return "<path class=\"ecg-grid-minor\" stroke=\"#f3c4bd\" stroke-width=\"0.1\" d=\"\(minor)\"/>\n"
            + "<path class=\"ecg-grid-major\" stroke=\"#e08d80\" stroke-width=\"0.25\" d=\"\(major)\"/>\n"
    }

    /// The calibration pulse at the start of the first row: 1 mV high (10 mm), 0.2 s wide (5 mm).
    private func scaleMark() -> String {
        let baseline = Self.rowHeight / 2
        let top = baseline - Self.millimetresPerMillivolt
        return
            "<path class=\"ecg-calibration\" fill=\"none\" stroke=\"#111\" stroke-width=\"0.3\" d=\"M0 \(Self.number(baseline))H1V\(Self.number(top))H6V\(Self.number(baseline))H7\"/>\n"
    }

    /// A coordinate with at most three decimals (a micrometre).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded()
            ? String(Int(rounded)) : String(format: "%.3f", rounded).trimmingTrailingZeros
    }
}

extension String {
    /// `12.500` as `12.5`.
    fileprivate var trimmingTrailingZeros: String {
        var text = Substring(self)
        while text.hasSuffix("0") { text = text.dropLast() }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}
