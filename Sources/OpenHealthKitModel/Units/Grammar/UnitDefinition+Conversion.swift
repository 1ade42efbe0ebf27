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
        if let from = temperatureScale, let to = other.temperatureScale {
            // Degrees above water's freezing point, then into the other scale: no detour through 273.15 K.
            return (value - from.freezingPoint) * from.factor / to.factor + to.freezingPoint
        }
        return other.fromBase(toBase(value))
    }

    /// Water's freezing point is 273.15 K.
    private static let freezingKelvin = 273.15

    /// A lone temperature unit's degree size (in kelvin) and the value it gives water's freezing point.
    private var temperatureScale: (factor: Double, freezingPoint: Double)? {
        switch scale {
        case .affine(let factor, let freezingPoint): return (factor, freezingPoint)
        case .linear(let factor) where dimension == .temperature: return (factor, Self.freezingKelvin / factor)
        default: return nil
        }
    }

    package func toBase(_ value: Double) -> Double {
        switch scale {
        case .linear(let factor): value * factor
        case .affine(let factor, let freezingPoint): (value - freezingPoint) * factor + Self.freezingKelvin
        case .decibel(let reference): reference * pow(10, value / 20)
        }
    }

    private func fromBase(_ base: Double) -> Double {
        switch scale {
        case .linear(let factor): base / factor
        case .affine(let factor, let freezingPoint): (base - Self.freezingKelvin) / factor + freezingPoint
        case .decibel(let reference): 20 * log10(base / reference)
        }
    }
}
