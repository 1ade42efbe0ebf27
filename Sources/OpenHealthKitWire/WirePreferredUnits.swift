import Foundation
public import OpenHealthKitModel

/// `POST /v1/preferred-units`: the quantity types whose preferred units an app asks for (raw identifiers).
public struct WirePreferredUnitsRequest: Codable, Sendable {
    /// The raw identifiers of the quantity types.
    public var types: [String]

    /// The request for these types.
    public init(types: Set<HKQuantityType>) {
        self.types = WireTypes.identifiers(types.map { $0 as HKObjectType })
    }

    /// The types; an unknown identifier or one that is not a quantity type is an invalid argument.
    public func quantityTypes() throws -> Set<HKQuantityType> {
        Set(
            try types.map { name in
                guard let type = try WireTypes.objectType(name) as? HKQuantityType else {
                    throw HKError.invalidArgument("\(name) is not a quantity type")
                }
                return type
            })
    }
}

/// The answer: each type's preferred unit as an `HKUnit` unit string, keyed by raw identifier.
public struct WirePreferredUnits: Codable, Sendable {
    /// The unit strings keyed by raw type identifier.
    public var units: [String: String]

    /// The wire form of preferred units by type.
    public init(_ units: [HKQuantityType: HKUnit]) {
        self.units = Dictionary(uniqueKeysWithValues: units.map { ($0.key.identifier, $0.value.unitString) })
    }

    /// The units by type; an unknown type, a non-quantity type or an unknown unit string is an invalid argument.
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
