import Foundation
public import OpenHealthKitModel

/// The hardware that produced an object; absent properties are omitted.
public struct WireDevice: Codable, Sendable, Hashable {
    /// The device's name, e.g. `Apple Watch`.
    public var name: String?
    /// Its manufacturer.
    public var manufacturer: String?
    /// Its model.
    public var model: String?
    /// Its hardware version.
    public var hardwareVersion: String?
    /// Its firmware version.
    public var firmwareVersion: String?
    /// Its software version.
    public var softwareVersion: String?
    /// An identifier the device's maker gives it locally.
    public var localIdentifier: String?
    /// Its FDA Unique Device Identifier (UDI).
    public var udiDeviceIdentifier: String?

    /// The wire form of a device.
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

    /// The device.
    public var device: HKDevice {
        HKDevice(
            name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
            firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
            UDIDeviceIdentifier: udiDeviceIdentifier)
    }
}
