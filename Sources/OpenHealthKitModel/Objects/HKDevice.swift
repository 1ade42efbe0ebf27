public import Foundation

/// The hardware that generated a sample. Two devices are equal when all their fields are equal.
public final class HKDevice: NSObject, @unchecked Sendable {
    public let name: String?
    public let manufacturer: String?
    public let model: String?
    public let hardwareVersion: String?
    public let firmwareVersion: String?
    public let softwareVersion: String?
    /// An identifier the device's maker uses locally (e.g. a Bluetooth peripheral identifier).
    public let localIdentifier: String?
    /// The FDA Unique Device Identifier's device identifier part.
    public let udiDeviceIdentifier: String?

    public init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
        softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier: String?
    ) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
        super.init()
    }

    /// The machine this process runs on: its host name, operating system and version.
    public class func local() -> HKDevice {
        let info = ProcessInfo.processInfo
        let os = info.operatingSystemVersion
        return HKDevice(
            name: info.hostName, manufacturer: nil, model: localModel, hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)", localIdentifier: nil,
            udiDeviceIdentifier: nil
        )
    }

    private static var localModel: String {
        #if os(Linux)
        "Linux"
        #elseif os(macOS)
        "Mac"
        #else
        "Unknown"
        #endif
    }

    private var fields: [String?] {
        [name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion, localIdentifier, udiDeviceIdentifier]
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKDevice)?.fields == fields
    }

    public override var hash: Int { fields.hashValue }

    public override var description: String {
        let labels = ["name", "manufacturer", "model", "hardware", "firmware", "software", "localIdentifier", "UDIDeviceIdentifier"]
        let parts = zip(labels, fields).compactMap { label, value in value.map { "\(label):\($0)" } }
        return "<HKDevice \(parts.joined(separator: ", "))>"
    }
}

/// Device property keys for `HKQuery.predicateForObjects(withDeviceProperty:allowedValues:)`.
public let HKDevicePropertyKeyName = "HKDevicePropertyName"
public let HKDevicePropertyKeyManufacturer = "HKDevicePropertyManufacturer"
public let HKDevicePropertyKeyModel = "HKDevicePropertyModel"
public let HKDevicePropertyKeyHardwareVersion = "HKDevicePropertyHardwareVersion"
public let HKDevicePropertyKeyFirmwareVersion = "HKDevicePropertyFirmwareVersion"
public let HKDevicePropertyKeySoftwareVersion = "HKDevicePropertySoftwareVersion"
public let HKDevicePropertyKeyLocalIdentifier = "HKDevicePropertyLocalIdentifier"
public let HKDevicePropertyKeyUDIDeviceIdentifier = "HKDevicePropertyUDIDeviceIdentifier"
