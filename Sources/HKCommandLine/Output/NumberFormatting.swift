import Foundation

extension Double {
    /// The value as `hk` prints it: at most 12 significant digits, trailing zeros trimmed; whole numbers below 10¹⁵
    /// in full.
    ///
    /// A `Double` holds about 16 significant digits, but a conversion through inexact factors and offsets can spoil
    /// the last three or four (−40 °C computes as −40.00000000000006 °F); 12 digits hide that noise and keep more
    /// precision than any health measurement has. Very large or small magnitudes use an exponent (`1e-10`), as C's
    /// `%g` does; every form reads back with `Double(_:)`.
    var formattedForOutput: String {
        let text = rounded() == self && abs(self) < 1e15 ? String(format: "%.0f", self) : String(format: "%.12g", self)
        return text == "-0" ? "0" : text
    }

    /// The value rounded as ``formattedForOutput`` prints it, for JSON, which writes the shortest form of a `Double`.
    var roundedForOutput: Double {
        Double(formattedForOutput) ?? self
    }
}
