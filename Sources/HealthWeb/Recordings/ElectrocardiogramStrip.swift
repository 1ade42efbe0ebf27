import Foundation
import OpenHealthKitModel

/// An electrocardiogram drawn as on ECG paper: the geometry of the `ecg-strip` template's SVG, whose user unit is the
/// millimetre, at the standard speed of 25 mm/s and gain of 10 mm/mV, on a grid of 1 mm squares with a heavier line
/// every 5 mm (0.2 s and 0.5 mV). The recording is cut in rows of ``secondsPerRow`` seconds, one under the other, as
/// a printout lays it out; the SVG's width and height are given in millimetres, so that it prints at true scale.
///
/// Every field is a number or a list of numbers as text (the template escapes them like any value).
struct ElectrocardiogramStrip: Sendable {
    /// Paper speed, millimetres per second.
    static let millimetresPerSecond = 25.0
    /// Gain, millimetres per millivolt.
    static let millimetresPerMillivolt = 10.0
    /// Seconds per row: a 250 mm row, the width of a printed strip.
    static let secondsPerRow = 10.0
    /// Height of a row, millimetres: ±1.5 mV around the baseline.
    static let rowHeight = 30.0

    /// One row of the recording: its trace as polyline points (`x,y` in millimetres).
    struct Row: Sendable {
        let points: String
    }

    /// Width and height in millimetres.
    let width: String
    let height: String
    /// What a screen reader says.
    let label: String
    /// The 1 mm lines and the 5 mm lines, as path data.
    let minorGrid: String
    let majorGrid: String
    /// The calibration pulse at the start of the first row: 1 mV high (10 mm), 0.2 s wide (5 mm).
    let calibration: String
    let rows: [Row]

    /// The strip of `lead`'s voltages (none: an empty row).
    init(voltages: ElectrocardiogramVoltages, lead: HKElectrocardiogram.Lead) {
        let microvolts = voltages.leads[lead] ?? []
        // At least one voltage a row, and no more rows than voltages, whatever frequency was stored.
        let perRow = max(1, WholeNumber.rounded(Self.secondsPerRow * voltages.samplingFrequency))
        let rowCount = max(1, microvolts.count / perRow + (microvolts.count % perRow == 0 ? 0 : 1))
        let width = Self.secondsPerRow * Self.millimetresPerSecond
        let height = Double(rowCount) * Self.rowHeight
        self.width = Self.number(width)
        self.height = Self.number(height)
        label =
            "Electrocardiogram at 25 mm/s and 10 mm/mV, \(rowCount) row\(rowCount == 1 ? "" : "s") of 10 seconds"
        (minorGrid, majorGrid) = Self.grid(width: width, height: height)
        let baseline = Self.rowHeight / 2
        calibration =
            "M0 \(Self.number(baseline))H1V\(Self.number(baseline - Self.millimetresPerMillivolt))H6V"
            + "\(Self.number(baseline))H7"
        rows = (0..<rowCount).compactMap { row in
            let slice = microvolts.dropFirst(row * perRow).prefix(perRow)
            guard !slice.isEmpty else { return nil }
            let baseline = (Double(row) + 0.5) * Self.rowHeight
            var points = ""
            points.reserveCapacity(slice.count * 12)
            for (offset, value) in slice.enumerated() {
                if offset > 0 { points += " " }
                let x = Double(offset) / voltages.samplingFrequency * Self.millimetresPerSecond
                let y = baseline - value / 1000 * Self.millimetresPerMillivolt
                points += Self.number(x) + "," + Self.number(y)
            }
            return Row(points: points)
        }
    }

    /// 1 mm lines, every fifth one heavier.
    private static func grid(width: Double, height: Double) -> (minor: String, major: String) {
        var minor = "", major = ""
        for x in stride(from: 0.0, through: width, by: 1) {
            let line = "M\(number(x)) 0V\(number(height))"
            if Int(x) % 5 == 0 { major += line } else { minor += line }
        }
        for y in stride(from: 0.0, through: height, by: 1) {
            let line = "M0 \(number(y))H\(number(width))"
            if Int(y) % 5 == 0 { major += line } else { minor += line }
        }
        return (minor, major)
    }

    /// A coordinate with at most three decimals (a micrometre).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded()
            ? WholeNumber.text(rounded) : String(format: "%.3f", rounded).trimmingTrailingZeros
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
