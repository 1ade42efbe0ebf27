/// A metric prefix for the SI units of ``HKUnit`` (`k` in `kg`, `m` in `mL`), with HealthKit's raw values.
public enum HKMetricPrefix: Int, Sendable {
    /// No prefix.
    case none = 0
    /// 10^-15 (`f`).
    case femto = 13
    /// 10^-12 (`p`).
    case pico = 1
    /// 10^-9 (`n`).
    case nano = 2
    /// 10^-6 (`mc`).
    case micro = 3
    /// 10^-3 (`m`).
    case milli = 4
    /// 10^-2 (`c`).
    case centi = 5
    /// 10^-1 (`d`).
    case deci = 6
    /// 10^1 (`da`).
    case deca = 7
    /// 10^2 (`h`).
    case hecto = 8
    /// 10^3 (`k`).
    case kilo = 9
    /// 10^6 (`M`).
    case mega = 10
    /// 10^9 (`G`).
    case giga = 11
    /// 10^12 (`T`).
    case tera = 12
}

extension HKMetricPrefix {
    /// Every prefix, smallest first (also the order in which factors with the same root print).
    package static let ascending: [HKMetricPrefix] = [
        .femto, .pico, .nano, .micro, .milli, .centi, .deci, .none, .deca, .hecto, .kilo, .mega, .giga, .tera,
    ]

    /// The prefix as written in unit strings: `""`, `"mc"`, `"da"`, `"k"`...
    package var symbol: String {
        switch self {
        case .none: ""
        case .femto: "f"
        case .pico: "p"
        case .nano: "n"
        case .micro: "mc"
        case .milli: "m"
        case .centi: "c"
        case .deci: "d"
        case .deca: "da"
        case .hecto: "h"
        case .kilo: "k"
        case .mega: "M"
        case .giga: "G"
        case .tera: "T"
        }
    }

    /// The power of ten the prefix stands for, as an exact decimal literal.
    package var factor: Double {
        switch self {
        case .none: 1
        case .femto: 1e-15
        case .pico: 1e-12
        case .nano: 1e-9
        case .micro: 1e-6
        case .milli: 1e-3
        case .centi: 1e-2
        case .deci: 1e-1
        case .deca: 1e1
        case .hecto: 1e2
        case .kilo: 1e3
        case .mega: 1e6
        case .giga: 1e9
        case .tera: 1e12
        }
    }

    /// The prefix a unit string spells `symbol` with; `µ` and `μ` are read as `mc`.
    package static func parsing(_ symbol: Substring) -> HKMetricPrefix? {
        if symbol == "µ" || symbol == "μ" { return .micro }
        return ascending.first { $0.symbol == symbol }
    }
}
