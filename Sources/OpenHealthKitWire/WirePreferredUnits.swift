import Foundation
public import OpenHealthKitModel

/// `POST /v1/preferred-units`: the quantity types whose preferred units an app asks for (raw identifiers).
public struct WirePreferredUnitsRequest: Codable, Sendable {
    public var types: [String]

    public init(types: Set<HKQuantityType>) {
        self.types = WireTypes.identifiers(types.map { $0 as HKObjectType })
    }

    public func quantityTypes() throws -> Set<HKQuantityType> {
        Set(try types.map { name in
            guard let type = try WireTypes.objectType(name) as? HKQuantityType else {
                throw HKError.invalidArgument("\(name) is not a quantity type")
            }
            return type
        })
    }
}

/// The answer: each type's preferred unit as an `HKUnit` unit string, keyed by raw identifier.
public struct WirePreferredUnits: Codable, Sendable {
    public var units: [String: String]

    public init(_ units: [HKQuantityType: HKUnit]) {
        self.units = Dictionary(uniqueKeysWithValues: units.map { ($0.key.identifier, $0.value.unitString) })
    }

    public func preferredUnits() throws -> [HKQuantityType: HKUnit] {
        var result: [HKQuantityType: HKUnit] = [:]
        for (name, unit) in units {
            guard let type = try WireTypes.objectType(name) as? HKQuantityType else {
                throw HKError.invalidArgument("\(name) is not a quantity type")
            }
            result[type] = try HKUnit(parsing: unit)
        }
        return result
    }
}
