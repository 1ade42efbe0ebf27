/// Reads HealthKit's unit-string grammar into a ``UnitDefinition``:
///
///     unit     := "()" | product ( "/" product )?
///     product  := power ( ( "*" | "." | "·" ) power )*
///     power    := primary ( "^" integer )?
///     primary  := atom | "1" | "(" product ")"
///     atom     := prefix? root | prefix? "mol<" grams-per-mole ">"
///
/// So there is at most one `/`, and multiplication binds first: `kg/m.s^2` is `kg/(m.s^2)`.
struct UnitStringParser {
    private static let multiplicationSigns: Set<Unicode.Scalar> = ["*", ".", "·"]

    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0

    private init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    /// The unit `text` describes, or `errorInvalidArgument` naming what is wrong with it.
    static func parse(_ text: String) throws(HKError) -> UnitDefinition {
        var parser = UnitStringParser(text)
        return UnitDefinition(exponents: try parser.unit())
    }

    private mutating func unit() throws(HKError) -> [BaseUnit: Int] {
        guard !scalars.isEmpty else { throw failure("the string is empty") }
        if text == "()" { return [:] }
        var exponents = try product()
        if accept("/") {
            for (base, exponent) in try product() {
                exponents[base, default: 0] &-= exponent
            }
        }
        guard let next = peek else { return exponents }
        throw next == "/" ? failure("only one \"/\" is allowed") : unexpected(next)
    }

    private mutating func product() throws(HKError) -> [BaseUnit: Int] {
        var exponents = try power()
        while let next = peek, Self.multiplicationSigns.contains(next) {
            position += 1
            exponents.merge(try power(), uniquingKeysWith: &+)
        }
        return exponents
    }

    private mutating func power() throws(HKError) -> [BaseUnit: Int] {
        let exponents = try primary()
        guard accept("^") else { return exponents }
        let power = try integer()
        return exponents.mapValues { $0 &* power }
    }

    private mutating func primary() throws(HKError) -> [BaseUnit: Int] {
        guard let next = peek else { throw failure("a unit is missing at the end") }
        if accept("(") {
            let exponents = try product()
            if accept(")") { return exponents }
            switch peek {
            case nil: throw failure("a \")\" is missing")
            case "/": throw failure("\"/\" cannot appear inside parentheses")
            case let other?: throw unexpected(other)
            }
        }
        if accept("1") { return [:] }
        guard Self.isAtomCharacter(next) else {
            throw failure("expected a unit at character \(position + 1), found \"\(next)\"")
        }
        return [try atom(): 1]
    }

    private mutating func integer() throws(HKError) -> Int {
        let start = position
        _ = accept("-")
        while let next = peek, ("0"..."9").contains(next) {
            position += 1
        }
        guard let power = Int32(string(start..<position)) else {
            throw failure("expected an integer exponent after \"^\" at character \(start)")
        }
        return Int(power)
    }

    private mutating func atom() throws(HKError) -> BaseUnit {
        let start = position
        while let next = peek, Self.isAtomCharacter(next) {
            position += 1
        }
        let name = string(start..<position)
        guard accept("<") else { return try root(named: name) }
        let massStart = position
        while let next = peek, next != ">" {
            position += 1
        }
        let massText = string(massStart..<position)
        guard accept(">") else { throw failure("a \">\" is missing after \(name)<\(massText)") }
        return try mole(named: name, molarMass: massText)
    }

    /// `name` as a root (`lb`, `min`, `mmHg`) or a prefix and an SI root (`kg`, `dL`, `mcS`).
    private func root(named name: String) throws(HKError) -> BaseUnit {
        if let index = UnitRoot.indexBySymbol[name] {
            guard !UnitRoot.all[index].takesMolarMass else { throw molarMassMissing(name) }
            return BaseUnit(rootIndex: index)
        }
        var prefixOnNonSIUnit: HKError?
        for prefixLength in [2, 1] where name.count > prefixLength {
            guard let prefix = HKMetricPrefix.parsing(name.prefix(prefixLength)),
                let index = UnitRoot.indexBySymbol[String(name.dropFirst(prefixLength))]
            else { continue }
            let root = UnitRoot.all[index]
            guard root.acceptsPrefix else {
                prefixOnNonSIUnit = failure(
                    "the metric prefix \"\(name.prefix(prefixLength))\" applies only to SI units, not to \"\(root.symbol)\""
                )
                continue
            }
            guard !root.takesMolarMass else { throw molarMassMissing(name) }
            return BaseUnit(rootIndex: index, prefix: prefix)
        }
        throw prefixOnNonSIUnit ?? failure("unknown unit \"\(name)\"")
    }

    private func mole(named name: String, molarMass massText: String) throws(HKError) -> BaseUnit {
        let prefixSymbol = name.dropLast(3)
        guard name.hasSuffix("mol"),
            let prefix = prefixSymbol.isEmpty ? HKMetricPrefix.none : HKMetricPrefix.parsing(prefixSymbol)
        else { throw failure("only mol takes a molar mass, not \"\(name)\"") }
        guard let molarMass = Double(massText), molarMass.isFinite, molarMass > 0 else {
            throw failure("the molar mass in \(name)<\(massText)> is not a positive number of grams per mole")
        }
        return BaseUnit("mol", prefix: prefix, molarMass: molarMass)
    }

    private static func isAtomCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || "_%µμ".unicodeScalars.contains(scalar)
    }

    private var peek: Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private mutating func accept(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    private func string(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    private func molarMassMissing(_ name: String) -> HKError {
        failure("\(name) needs its molar mass in grams per mole, e.g. \(name)<180.156>")
    }

    private func unexpected(_ scalar: Unicode.Scalar) -> HKError {
        failure("unexpected \"\(scalar)\" at character \(position + 1)")
    }

    private func failure(_ detail: String) -> HKError {
        .invalidArgument("Unable to parse factorization string \"\(text)\": \(detail)")
    }
}
