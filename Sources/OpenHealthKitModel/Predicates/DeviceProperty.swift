import Foundation

/// The properties of a device that predicates compare; the raw value is HealthKit's `HKDevicePropertyKey...` string.
package enum DeviceProperty: String, Hashable, Sendable, CaseIterable {
    case name = "HKDevicePropertyName"
    case manufacturer = "HKDevicePropertyManufacturer"
    case model = "HKDevicePropertyModel"
    case hardwareVersion = "HKDevicePropertyHardwareVersion"
    case firmwareVersion = "HKDevicePropertyFirmwareVersion"
    case softwareVersion = "HKDevicePropertySoftwareVersion"
    case localIdentifier = "HKDevicePropertyLocalIdentifier"
    case udiDeviceIdentifier = "HKDevicePropertyUDIDeviceIdentifier"

    /// The property for a `HKDevicePropertyKey...` string; any other key is an invalid argument.
    package init(key: String) throws(HKError) {
        guard let property = DeviceProperty(rawValue: key) else {
            throw HKError.invalidArgument(
                "unknown device property key \"\(key)\": use one of the HKDevicePropertyKey constants")
        }
        self = property
    }

    /// Every property of `device` that is not nil.
    package static func values(of device: HKDevice) -> [DeviceProperty: String] {
        let values: [(DeviceProperty, String?)] = [
            (.name, device.name), (.manufacturer, device.manufacturer), (.model, device.model),
            (.hardwareVersion, device.hardwareVersion), (.firmwareVersion, device.firmwareVersion),
            (.softwareVersion, device.softwareVersion), (.localIdentifier, device.localIdentifier),
            (.udiDeviceIdentifier, device.udiDeviceIdentifier),
        ]
        return Dictionary(uniqueKeysWithValues: values.compactMap { property, value in value.map { (property, $0) } })
    }
}
