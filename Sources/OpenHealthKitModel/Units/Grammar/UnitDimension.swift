/// The exponents of a unit's base dimensions. Two units convert into each other exactly when their
/// dimensions are equal, so `kcal/hr` converts to `W` and `count/min` to `Hz`, but `IU` to nothing else.
package struct UnitDimension: Hashable, Sendable {
    /// The independent dimensions. SI derived units reduce to the first five (`J` = kg·m²·s⁻²);
    /// the others stand for units that HealthKit relates to nothing else.
    package enum Base: Int, Sendable {
        case mass, length, time, temperature, current
        case illuminance, angle
        case internationalUnit, hearingLevel, diopter, prismDiopter, effortScore
        /// `dBASPL` inside a compound unit, where its logarithmic scale has no linear meaning.
        case soundPressureLevel
    }

    // Wrapping arithmetic: absurd exponents (`m^2147483647`) must not stop the process.
    private var exponents: SIMD16<Int32>

    private init(exponents: SIMD16<Int32>) {
        self.exponents = exponents
    }

    /// Count, percent and every unit whose dimensions cancel out.
    package static let dimensionless = UnitDimension(exponents: .zero)

    package init(_ base: Base) {
        var exponents = SIMD16<Int32>.zero
        exponents[base.rawValue] = 1
        self.exponents = exponents
    }

    package static func * (lhs: UnitDimension, rhs: UnitDimension) -> UnitDimension {
        UnitDimension(exponents: lhs.exponents &+ rhs.exponents)
    }

    package static func / (lhs: UnitDimension, rhs: UnitDimension) -> UnitDimension {
        UnitDimension(exponents: lhs.exponents &- rhs.exponents)
    }

    /// The exponents as text, e.g. `"1,0,0,..."`: stable across versions as long as `Base` only grows at its end.
    package var key: String {
        (0..<exponents.scalarCount).map { String(exponents[$0]) }.joined(separator: ",")
    }

    package func raised(to power: Int) -> UnitDimension {
        UnitDimension(exponents: exponents &* SIMD16(repeating: Int32(truncatingIfNeeded: power)))
    }
}

extension UnitDimension {
    package static let mass = UnitDimension(.mass)
    package static let length = UnitDimension(.length)
    package static let time = UnitDimension(.time)
    package static let temperature = UnitDimension(.temperature)
    package static let current = UnitDimension(.current)
    package static let volume = length.raised(to: 3)
    package static let frequency = dimensionless / time
    package static let energy = mass * length.raised(to: 2) / time.raised(to: 2)
    package static let power = energy / time
    package static let pressure = mass / length / time.raised(to: 2)
    package static let potential = power / current
    package static let conductance = current / potential
}
