import Foundation

/// What a unit is: its factors with their exponents, normalized (sorted, no zero exponent), and what follows
/// from them. Two units are equal exactly when their factors are, so `kg.m^-1.s^-2` == `kg/(m.s^2)`.
package struct UnitDefinition: Sendable {
    package struct Factor: Hashable, Sendable {
        package let base: BaseUnit
        package let exponent: Int
    }

    package let factors: [Factor]
    /// The canonical string, which parses back to an equal unit.
    package let unitString: String
    package let dimension: UnitDimension
    /// How a value in this unit maps onto the SI base unit of its dimension.
    package let scale: UnitRoot.Scale

    package init(exponents: [BaseUnit: Int]) {
        factors = exponents.filter { $0.value != 0 }
            .map { Factor(base: $0.key, exponent: $0.value) }
            .sorted { BaseUnit.precedes($0.base, $1.base) }
        unitString = Self.string(of: factors)
        dimension = Self.dimension(of: factors)
        scale = Self.scale(of: factors)
    }

    package init(_ base: BaseUnit) {
        self.init(exponents: [base: 1])
    }

    /// The unit whose factors all cancelled out (`L/L`).
    package static let null = UnitDefinition(exponents: [:])

    package var isNull: Bool { factors.isEmpty }

    package func multiplied(by other: UnitDefinition) -> UnitDefinition {
        var exponents = self.exponents
        for factor in other.factors {
            exponents[factor.base, default: 0] &+= factor.exponent
        }
        return UnitDefinition(exponents: exponents)
    }

    package func raised(to power: Int) -> UnitDefinition {
        UnitDefinition(exponents: exponents.mapValues { $0 &* power })
    }

    private var exponents: [BaseUnit: Int] {
        Dictionary(uniqueKeysWithValues: factors.map { ($0.base, $0.exponent) })
    }

    /// HealthKit's form: `count/min`, `kg·m^2/s^3`, `mL/min·kg` (multiplication binds first), `1/s`, `()`.
    private static func string(of factors: [Factor]) -> String {
        func product(_ factors: [Factor]) -> String {
            factors.map { factor in
                let power = abs(factor.exponent)
                return power == 1 ? factor.base.symbol : "\(factor.base.symbol)^\(power)"
            }
            .joined(separator: "·")
        }
        let numerator = product(factors.filter { $0.exponent > 0 })
        let denominator = product(factors.filter { $0.exponent < 0 })
        switch (numerator.isEmpty, denominator.isEmpty) {
        case (true, true): return "()"
        case (false, true): return numerator
        case (true, false): return "1/\(denominator)"
        case (false, false): return "\(numerator)/\(denominator)"
        }
    }

    private static func dimension(of factors: [Factor]) -> UnitDimension {
        if let single = singleRoot(of: factors) { return single.root.dimension }
        return factors.reduce(.dimensionless) { dimension, factor in
            let root = factor.base.root
            let rootDimension =
                if case .decibel = root.scale { UnitDimension(.soundPressureLevel) } else { root.dimension }
            return dimension * rootDimension.raised(to: factor.exponent)
        }
    }

    /// Offsets and decibels apply only to a root standing alone; in a compound (`degC/min`) a temperature
    /// counts as a difference, so only its factor applies.
    private static func scale(of factors: [Factor]) -> UnitRoot.Scale {
        guard let single = singleRoot(of: factors) else {
            return .linear(factors.reduce(1) { $0 * pow($1.base.linearFactor, Double($1.exponent)) })
        }
        if case .linear = single.root.scale { return .linear(single.linearFactor) }
        return single.root.scale
    }

    private static func singleRoot(of factors: [Factor]) -> BaseUnit? {
        guard factors.count == 1, factors[0].exponent == 1 else { return nil }
        return factors[0].base
    }
}

extension UnitDefinition: Hashable {
    package static func == (lhs: UnitDefinition, rhs: UnitDefinition) -> Bool {
        lhs.factors == rhs.factors
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(factors)
    }
}
