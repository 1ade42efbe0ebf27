import Foundation
import OpenHealthKitModel

/// Unit strings as apps, exports and `hk --unit` give them. A unit that parses names itself: its `unitString` parses
/// to an equal unit, and arithmetic on it (products, powers, reciprocals, conversions to itself) does not trap.
enum UnitStringFuzzing {
    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        guard let unit = try? HKUnit(parsing: text) else { return }
        let again = try? HKUnit(parsing: unit.unitString)
        FuzzCheck.require(again == unit, "'\(text)' parsed as '\(unit.unitString)', which does not parse back to it")
        let quantity = HKQuantity(unit: unit, doubleValue: 1)
        FuzzCheck.require(quantity.is(compatibleWith: unit), "'\(unit.unitString)' is not compatible with itself")
        let value = quantity.doubleValue(for: unit)
        FuzzCheck.require(value == 1, "1 '\(unit.unitString)' converts to \(value) of itself")
        _ = unit.reciprocal().unitString
        _ = unit.unitMultiplied(by: unit).unitString
        _ = unit.unitDivided(by: unit).unitString
    }
}
