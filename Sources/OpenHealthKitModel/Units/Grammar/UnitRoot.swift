/// One atom of the unit grammar (`g`, `lb`, `mmHg`, `mol`...), with its exact size.
package struct UnitRoot: Sendable {
    /// How values in this root map onto its dimension's SI base unit when the root stands alone.
    package enum Scale: Sendable {
        /// base = value × factor.
        case linear(Double)
        /// base = (value − freezingPoint) × factor + 273.15: degrees Celsius and Fahrenheit to kelvin, anchored at
        /// water's freezing point so that conversions between temperature scales keep exact values exact (32 °F is 0 °C).
        case affine(factor: Double, freezingPoint: Double)
        /// Sound pressure level: pascals = reference × 10^(value / 20).
        case decibel(reference: Double)
    }

    package let symbol: String
    package let dimension: UnitDimension
    package let scale: Scale
    /// SI roots take a metric prefix (`kg`, `mL`); the others never do (`lb`, `kcal` is its own root).
    package let acceptsPrefix: Bool
    /// `mol` is always written with its molar mass in grams per mole: `mol<180.156>`.
    package let takesMolarMass: Bool

    /// The size of one unit in SI base units, the factor it contributes inside a compound unit
    /// (where temperatures count as differences and decibels have no linear meaning).
    package var linearFactor: Double {
        switch scale {
        case .linear(let factor), .affine(let factor, _): factor
        case .decibel: 1
        }
    }

    static func si(_ symbol: String, _ dimension: UnitDimension, _ factor: Double = 1) -> UnitRoot {
        UnitRoot(
            symbol: symbol, dimension: dimension, scale: .linear(factor), acceptsPrefix: true, takesMolarMass: false)
    }

    static func other(_ symbol: String, _ dimension: UnitDimension, _ scale: Scale) -> UnitRoot {
        UnitRoot(symbol: symbol, dimension: dimension, scale: scale, acceptsPrefix: false, takesMolarMass: false)
    }

    static func other(_ symbol: String, _ dimension: UnitDimension, _ factor: Double = 1) -> UnitRoot {
        other(symbol, dimension, .linear(factor))
    }
}
