/// A root with its metric prefix, and its molar mass for `mol`: one factor of a unit (`mg`, `mmol<180.156>`).
package struct BaseUnit: Hashable, Sendable {
    package let rootIndex: Int
    package let prefix: HKMetricPrefix
    /// Grams per mole for `mol`; 0 for every other root.
    package let molarMass: Double

    package init(rootIndex: Int, prefix: HKMetricPrefix = .none, molarMass: Double = 0) {
        self.rootIndex = rootIndex
        self.prefix = prefix
        self.molarMass = molarMass
    }

    package init(_ symbol: String, prefix: HKMetricPrefix = .none, molarMass: Double = 0) {
        self.init(rootIndex: UnitRoot.index(of: symbol), prefix: prefix, molarMass: molarMass)
    }

    package var root: UnitRoot { UnitRoot.all[rootIndex] }

    /// The size of one of these in SI base units, counting temperatures as differences.
    package var linearFactor: Double {
        let factor = root.linearFactor * prefix.factor
        return root.takesMolarMass ? factor * molarMass : factor
    }

    /// As written in a unit string: `mg`, `mL`, `mmol<180.15588000005408>`.
    package var symbol: String {
        let symbol = prefix.symbol + root.symbol
        return root.takesMolarMass ? "\(symbol)<\(molarMass.unitStringDescription)>" : symbol
    }

    /// The order factors print in: by root, then smaller prefix first, then molar mass.
    package static func precedes(_ lhs: BaseUnit, _ rhs: BaseUnit) -> Bool {
        if lhs.rootIndex != rhs.rootIndex { return lhs.rootIndex < rhs.rootIndex }
        if lhs.prefix != rhs.prefix { return lhs.prefix.factor < rhs.prefix.factor }
        return lhs.molarMass < rhs.molarMass
    }
}
