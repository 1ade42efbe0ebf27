import Foundation
public import OpenHealthKitModel

/// Types on the wire: raw identifiers (`HKQuantityTypeIdentifierHeartRate`); short names (`heartRate`) are accepted
/// on input too.
public enum WireTypes {
    /// The type of a raw identifier or short name; an unknown name is an invalid argument.
    public static func objectType(_ name: String) throws -> HKObjectType {
        guard let type = HKObjectType.type(named: name) else {
            throw HKError.invalidArgument("\(ErrorEcho.text(name)) is not a HealthKit type identifier")
        }
        return type
    }

    /// The sample type of a raw identifier or short name; an unknown name or a characteristic type is an invalid
    /// argument.
    public static func sampleType(_ name: String) throws -> HKSampleType {
        guard let type = try objectType(name) as? HKSampleType else {
            throw HKError.invalidArgument("\(ErrorEcho.text(name)) is not a sample type")
        }
        return type
    }

    /// The sample types of these names (see ``sampleType(_:)``).
    public static func sampleTypes(_ names: [String]) throws -> Set<HKSampleType> {
        Set(try names.map(sampleType))
    }

    /// The object types of these names (see ``objectType(_:)``).
    public static func objectTypes(_ names: [String]) throws -> Set<HKObjectType> {
        Set(try names.map(objectType))
    }

    /// The raw identifier of a type name, or the name itself when it names no type (for records of refused calls).
    public static func identifier(_ name: String) -> String {
        HKObjectType.type(named: name)?.identifier ?? name
    }

    /// Identifiers in a stable order, for responses.
    public static func identifiers(_ types: some Collection<HKObjectType>) -> [String] {
        types.map(\.identifier).sorted()
    }
}
