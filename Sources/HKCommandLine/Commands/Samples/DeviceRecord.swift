import OpenHealthKit

/// A sample's device as `hk samples` prints it: its properties that have a value, under HealthKit's property names.
struct DeviceRecord: Encodable {
    let name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion, localIdentifier,
        udiDeviceIdentifier: String?

    init(_ device: HKDevice) {
        name = device.name
        manufacturer = device.manufacturer
        model = device.model
        hardwareVersion = device.hardwareVersion
        firmwareVersion = device.firmwareVersion
        softwareVersion = device.softwareVersion
        localIdentifier = device.localIdentifier
        udiDeviceIdentifier = device.udiDeviceIdentifier
    }
}
