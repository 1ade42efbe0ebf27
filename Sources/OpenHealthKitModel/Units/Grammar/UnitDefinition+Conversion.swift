import Foundation

extension UnitDefinition {
    /// `value` in this unit expressed in `other`, or nil when the dimensions differ.
    package func convert(_ value: Double, to other: UnitDefinition) -> Double? {
        guard dimension == other.dimension else { return nil }
        // The common case, kept to two multiplications: the store converts millions of values.
        if case .linear(let from) = scale, case .linear(let to) = other.scale {
            return from == to ? value : value * from / to
        }
        if self == other { return value }
        return other.fromBase(toBase(value))
    }

    package func toBase(_ value: Double) -> Double {
        switch scale {
        case .linear(let factor): value * factor
        case .affine(let factor, let offset): (value + offset) * factor
        case .decibel(let reference): reference * pow(10, value / 20)
        }
    }

    private func fromBase(_ base: Double) -> Double {
        switch scale {
        case .linear(let factor): base / factor
        case .affine(let factor, let offset): base / factor - offset
        case .decibel(let reference): 20 * log10(base / reference)
        }
    }
}
