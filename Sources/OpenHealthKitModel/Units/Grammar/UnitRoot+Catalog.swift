/// The legal definitions every conversion rests on (docs/UNITS.md lists their sources).
private enum Definition {
    static let pound = 0.45359237  // kg, international yard and pound agreement (1959)
    static let liter = 1e-3  // m³
    static let standardGravity = 9.80665  // m/s²
    static let millimeterOfMercury = 133.322387415  // Pa: 13.5951 g/cm³ × standard gravity × 1 mm
    static let thermochemicalCalorie = 4.184  // J
}

extension UnitRoot {
    /// Every root, in the order factors print in: time first, as in HealthKit's `mL/min·kg`.
    package static let all: [UnitRoot] = [
        .si("s", .time),
        .other("min", .time, 60),
        .other("hr", .time, 3600),
        .other("d", .time, 86400),

        .other("count", .dimensionless),
        .other("%", .dimensionless, 0.01),

        .si("g", .mass, 1e-3),
        UnitRoot(symbol: "mol", dimension: .mass, scale: .linear(1e-3), acceptsPrefix: true, takesMolarMass: true),
        .other("oz", .mass, Definition.pound / 16),
        .other("lb", .mass, Definition.pound),
        .other("st", .mass, Definition.pound * 14),

        .si("m", .length),
        .other("in", .length, 0.0254),
        .other("ft", .length, 0.3048),
        .other("yd", .length, 0.9144),
        .other("mi", .length, 1609.344),

        .si("L", .volume, Definition.liter),
        .other("fl_oz_us", .volume, 29.5735295625e-6),  // 1/128 US gallon of 231 in³
        .other("fl_oz_imp", .volume, 28.4130625e-6),  // 1/160 imperial gallon of 4.54609 L
        .other("pt_us", .volume, 473.176473e-6),  // 16 US fluid ounces
        .other("pt_imp", .volume, 568.26125e-6),  // 20 imperial fluid ounces
        .other("cup_us", .volume, 236.5882365e-6),  // 8 US fluid ounces
        .other("cup_imp", .volume, 284.130625e-6),  // 10 imperial fluid ounces

        .si("Pa", .pressure),
        .other("mmHg", .pressure, Definition.millimeterOfMercury),
        .other("cmAq", .pressure, 10 * Definition.standardGravity),  // 1 cm × 1000 kg/m³ × standard gravity
        .other("atm", .pressure, 101_325),
        .other("inHg", .pressure, 25.4 * Definition.millimeterOfMercury),
        .other("dBASPL", .pressure, .decibel(reference: 2e-5)),

        .si("J", .energy),
        .other("cal", .energy, Definition.thermochemicalCalorie),
        .other("Cal", .energy, Definition.thermochemicalCalorie * 1000),
        .other("kcal", .energy, Definition.thermochemicalCalorie * 1000),

        .si("K", .temperature),
        .other("degC", .temperature, .affine(factor: 1, freezingPoint: 0)),
        .other("degF", .temperature, .affine(factor: 5.0 / 9.0, freezingPoint: 32)),

        .si("S", .conductance),
        .si("V", .potential),
        .si("W", .power),
        .si("Hz", .frequency),
        .si("rad", UnitDimension(.angle)),
        .other("deg", UnitDimension(.angle), Double.pi / 180),
        .si("lx", UnitDimension(.illuminance)),

        .other("IU", UnitDimension(.internationalUnit)),
        .other("dBHL", UnitDimension(.hearingLevel)),
        .other("D", UnitDimension(.diopter)),
        .other("pD", UnitDimension(.prismDiopter)),
        .other("appleEffortScore", UnitDimension(.effortScore)),
    ]

    /// The index in ``all`` of each root symbol; `l` is another spelling of `L`.
    package static let indexBySymbol: [String: Int] = {
        var index = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element.symbol, $0.offset) })
        index["l"] = index["L"]
        return index
    }()

    /// The index in ``all`` of `symbol`, for the factories (a crash here is a typo in this module).
    package static func index(of symbol: String) -> Int {
        guard let index = indexBySymbol[symbol] else { preconditionFailure("no unit root \(symbol)") }
        return index
    }
}
