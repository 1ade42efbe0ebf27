extension HKUnit {
    /// The product of the two units: `m` times `m` is `m^2`.
    public func unitMultiplied(by unit: HKUnit) -> HKUnit {
        HKUnit(definition: definition.multiplied(by: unit.definition))
    }

    /// The quotient of the two units: `count` divided by `min` is `count/min`.
    public func unitDivided(by unit: HKUnit) -> HKUnit {
        HKUnit(definition: definition.multiplied(by: unit.definition.raised(to: -1)))
    }

    /// The unit raised to an integer power, which may be negative or zero (the null unit).
    public func unitRaised(toPower power: Int) -> HKUnit {
        HKUnit(definition: definition.raised(to: power))
    }

    /// One divided by the unit: the reciprocal of `s` is `1/s`.
    public func reciprocal() -> HKUnit {
        HKUnit(definition: definition.raised(to: -1))
    }
}
