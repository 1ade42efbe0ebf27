/// The molar mass of glucose in grams per mole, for blood glucose in `mmol<180.15588000005408>/L`.
public let HKUnitMolarMassBloodGlucose: Double = 180.15588000005408

extension HKUnit {
    private static func unit(_ symbol: String, _ prefix: HKMetricPrefix = .none) -> HKUnit {
        HKUnit(definition: UnitDefinition(BaseUnit(symbol, prefix: prefix)))
    }
}

// MARK: Mass

extension HKUnit {
    /// Grams with a metric prefix (`kg`, `mg`, `mcg`...).
    public class func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("g", prefix) }
    /// Grams (`g`).
    public class func gram() -> HKUnit { unit("g") }
    /// Avoirdupois ounces (`oz`), 1/16 lb = 28.349523125 g.
    public class func ounce() -> HKUnit { unit("oz") }
    /// Avoirdupois pounds (`lb`), 453.59237 g.
    public class func pound() -> HKUnit { unit("lb") }
    /// Stones (`st`), 14 lb = 6350.29318 g.
    public class func stone() -> HKUnit { unit("st") }

    /// Moles with a metric prefix of a substance of the given molar mass (`mmol<180.156>`), which convert
    /// to grams through that mass.
    public class func moleUnit(with prefix: HKMetricPrefix, molarMass gramsPerMole: Double) -> HKUnit {
        guard gramsPerMole.isFinite, gramsPerMole > 0 else {
            raiseInvalidArgumentException(
                "A molar mass must be a positive number of grams per mole, not \(gramsPerMole)")
        }
        return HKUnit(definition: UnitDefinition(BaseUnit("mol", prefix: prefix, molarMass: gramsPerMole)))
    }

    /// Moles of a substance of the given molar mass (`mol<180.156>`).
    public class func moleUnit(withMolarMass gramsPerMole: Double) -> HKUnit {
        moleUnit(with: .none, molarMass: gramsPerMole)
    }
}

// MARK: Length

extension HKUnit {
    /// Meters with a metric prefix (`km`, `cm`, `mm`...).
    public class func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("m", prefix) }
    /// Meters (`m`).
    public class func meter() -> HKUnit { unit("m") }
    /// Inches (`in`), 0.0254 m.
    public class func inch() -> HKUnit { unit("in") }
    /// Feet (`ft`), 0.3048 m.
    public class func foot() -> HKUnit { unit("ft") }
    /// Yards (`yd`), 0.9144 m.
    public class func yard() -> HKUnit { unit("yd") }
    /// Statute miles (`mi`), 1609.344 m.
    public class func mile() -> HKUnit { unit("mi") }
}

// MARK: Volume

extension HKUnit {
    /// Liters with a metric prefix (`mL`, `dL`...).
    public class func literUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("L", prefix) }
    /// Liters (`L`).
    public class func liter() -> HKUnit { unit("L") }
    /// US customary fluid ounces (`fl_oz_us`), 29.5735295625 mL.
    public class func fluidOunceUS() -> HKUnit { unit("fl_oz_us") }
    /// Imperial fluid ounces (`fl_oz_imp`), 28.4130625 mL.
    public class func fluidOunceImperial() -> HKUnit { unit("fl_oz_imp") }
    /// US customary pints (`pt_us`), 473.176473 mL.
    public class func pintUS() -> HKUnit { unit("pt_us") }
    /// Imperial pints (`pt_imp`), 568.26125 mL.
    public class func pintImperial() -> HKUnit { unit("pt_imp") }
    /// US customary cups (`cup_us`), 236.5882365 mL.
    public class func cupUS() -> HKUnit { unit("cup_us") }
    /// Imperial cups (`cup_imp`), 284.130625 mL.
    public class func cupImperial() -> HKUnit { unit("cup_imp") }
}

// MARK: Pressure

extension HKUnit {
    /// Pascals with a metric prefix (`kPa`, `hPa`...).
    public class func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("Pa", prefix) }
    /// Pascals (`Pa`).
    public class func pascal() -> HKUnit { unit("Pa") }
    /// Millimeters of mercury (`mmHg`), 133.322387415 Pa.
    public class func millimeterOfMercury() -> HKUnit { unit("mmHg") }
    /// Centimeters of water (`cmAq`), 98.0665 Pa.
    public class func centimeterOfWater() -> HKUnit { unit("cmAq") }
    /// Standard atmospheres (`atm`), 101325 Pa.
    public class func atmosphere() -> HKUnit { unit("atm") }
    /// A-weighted sound pressure level in decibels (`dBASPL`): Pa = 2×10⁻⁵ × 10^(dBASPL/20).
    public class func decibelAWeightedSoundPressureLevel() -> HKUnit { unit("dBASPL") }
    /// Inches of mercury (`inHg`), 25.4 mmHg.
    public class func inchesOfMercury() -> HKUnit { unit("inHg") }
}

// MARK: Time

extension HKUnit {
    /// Seconds with a metric prefix (`ms`...).
    public class func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("s", prefix) }
    /// Seconds (`s`).
    public class func second() -> HKUnit { unit("s") }
    /// Minutes (`min`), 60 s.
    public class func minute() -> HKUnit { unit("min") }
    /// Hours (`hr`), 3600 s.
    public class func hour() -> HKUnit { unit("hr") }
    /// Days (`d`), 86400 s.
    public class func day() -> HKUnit { unit("d") }
}

// MARK: Energy

extension HKUnit {
    /// Joules with a metric prefix (`kJ`...).
    public class func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("J", prefix) }
    /// Joules (`J`).
    public class func joule() -> HKUnit { unit("J") }
    /// Kilocalories (`kcal`), 4184 J.
    public class func kilocalorie() -> HKUnit { unit("kcal") }
    /// Small (thermochemical) calories (`cal`), 4.184 J.
    public class func smallCalorie() -> HKUnit { unit("cal") }
    /// Large calories, the food calorie (`Cal`), 4184 J.
    public class func largeCalorie() -> HKUnit { unit("Cal") }
    /// Small calories (`cal`), as in HealthKit.
    @available(*, deprecated, message: "Use smallCalorie or largeCalorie, depending on which you mean")
    public class func calorie() -> HKUnit { unit("cal") }
}

// MARK: Temperature

extension HKUnit {
    /// Degrees Celsius (`degC`): K − 273.15.
    public class func degreeCelsius() -> HKUnit { unit("degC") }
    /// Degrees Fahrenheit (`degF`): 1.8 K − 459.67.
    public class func degreeFahrenheit() -> HKUnit { unit("degF") }
    /// Kelvin (`K`).
    public class func kelvin() -> HKUnit { unit("K") }
}

// MARK: Electricity

extension HKUnit {
    /// Siemens with a metric prefix (`mcS`...).
    public class func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("S", prefix) }
    /// Siemens (`S`), electrical conductance.
    public class func siemen() -> HKUnit { unit("S") }
    /// Volts with a metric prefix (`mV`...).
    public class func voltUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("V", prefix) }
    /// Volts (`V`), electrical potential difference.
    public class func volt() -> HKUnit { unit("V") }
    /// Watts with a metric prefix (`kW`...).
    public class func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("W", prefix) }
    /// Watts (`W`), 1 J/s.
    public class func watt() -> HKUnit { unit("W") }
}

// MARK: Scalars, frequency, angles, light and scores

extension HKUnit {
    /// International units (`IU`), which convert to no other unit.
    public class func internationalUnit() -> HKUnit { unit("IU") }
    /// A count (`count`), the dimensionless unit 1.
    public class func count() -> HKUnit { unit("count") }
    /// Percent (`%`), 1/100 of a count; HealthKit's percentage types hold fractions from 0.0 to 1.0.
    public class func percent() -> HKUnit { unit("%") }
    /// Decibels hearing level (`dBHL`), which convert to no other unit.
    public class func decibelHearingLevel() -> HKUnit { unit("dBHL") }
    /// Hertz with a metric prefix (`kHz`...).
    public class func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("Hz", prefix) }
    /// Hertz (`Hz`), 1/s, so it converts to `count/min`.
    public class func hertz() -> HKUnit { unit("Hz") }
    /// Diopters (`D`), the optical power of a lens.
    public class func diopter() -> HKUnit { unit("D") }
    /// Prism diopters (`pD`), the deviation of a prism.
    public class func prismDiopter() -> HKUnit { unit("pD") }
    /// Radians with a metric prefix (`mrad`...).
    public class func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("rad", prefix) }
    /// Radians (`rad`).
    public class func radianAngle() -> HKUnit { unit("rad") }
    /// Degrees of angle (`deg`), π/180 rad.
    public class func degreeAngle() -> HKUnit { unit("deg") }
    /// Lux with a metric prefix (`klx`...).
    public class func luxUnit(with prefix: HKMetricPrefix) -> HKUnit { unit("lx", prefix) }
    /// Lux (`lx`), illuminance.
    public class func lux() -> HKUnit { unit("lx") }
    /// Apple's effort score (`appleEffortScore`), a unitless rating of workout effort.
    public class func appleEffortScore() -> HKUnit { unit("appleEffortScore") }
}
