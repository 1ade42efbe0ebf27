import Foundation
import OpenHealthKitModel

/// Unit strings as apps, exports and `hk --unit` give them. A unit that parses names itself: its `unitString` parses
/// to an equal unit; it is compatible with itself and converts to itself exactly; arithmetic on it (products,
/// quotients, reciprocals) does not trap.
enum UnitStringFuzzing {
    static func run(_ data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        var parsed: HKUnit?
        FuzzCheck.refusesOnlyAsInvalid("parsing a unit") { parsed = try HKUnit(parsing: text) }
        guard let unit = parsed else { return false }
        let again = try? HKUnit(parsing: unit.unitString)
        FuzzCheck.require(again == unit, "'\(text)' parsed as '\(unit.unitString)', which does not parse back to it")
        let quantity = HKQuantity(unit: unit, doubleValue: 1)
        FuzzCheck.require(quantity.is(compatibleWith: unit), "'\(unit.unitString)' is not compatible with itself")
        let value = quantity.doubleValue(for: unit)
        FuzzCheck.require(value == 1, "1 '\(unit.unitString)' converts to \(value) of itself")
        _ = unit.reciprocal().unitString
        _ = unit.unitMultiplied(by: unit).unitString
        _ = unit.unitDivided(by: unit).unitString
        return true
    }
}
