import Foundation
public import OpenHealthKitModel

/// The hardware that produced an object; absent properties are omitted.
public struct WireDevice: Codable, Sendable, Hashable {
    public var name: String?
    public var manufacturer: String?
    public var model: String?
    public var hardwareVersion: String?
    public var firmwareVersion: String?
    public var softwareVersion: String?
    public var localIdentifier: String?
    public var udiDeviceIdentifier: String?

    public init(_ device: HKDevice) {
        name = device.name
        manufacturer = device.manufacturer
        model = device.model
        hardwareVersion = device.hardwareVersion
        firmwareVersion = device.firmwareVersion
        softwareVersion = device.softwareVersion
        localIdentifier = device.localIdentifier
        udiDeviceIdentifier = device.udiDeviceIdentifier
    }

    public var device: HKDevice {
        HKDevice(
            name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
            firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
            udiDeviceIdentifier: udiDeviceIdentifier)
    }
}
