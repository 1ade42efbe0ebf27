public import Foundation

/// The hardware that generated a sample. Two devices are equal when all their fields are equal.
public final class HKDevice: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The device's name, e.g. `Apple Watch`.
    public let name: String?
    /// Its manufacturer, e.g. `Apple Inc.`.
    public let manufacturer: String?
    /// Its model, e.g. `Watch`.
    public let model: String?
    /// Its hardware version, e.g. `Watch6,1`.
    public let hardwareVersion: String?
    /// Its firmware version.
    public let firmwareVersion: String?
    /// Its software version, e.g. the operating system's.
    public let softwareVersion: String?
    /// An identifier the device's maker uses locally (e.g. a Bluetooth peripheral identifier).
    public let localIdentifier: String?
    /// The FDA Unique Device Identifier's device identifier part.
    public let udiDeviceIdentifier: String?

    /// A device with these properties; every one may be nil.
    public init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
        softwareVersion: String?, localIdentifier: String?, UDIDeviceIdentifier udiDeviceIdentifier: String?
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

    /// A device with these properties: OpenHealthKit's earlier spelling of HealthKit's initializer, whose last label
    /// is `UDIDeviceIdentifier`.
    @available(
        *, deprecated,
        renamed:
            "init(name:manufacturer:model:hardwareVersion:firmwareVersion:softwareVersion:localIdentifier:UDIDeviceIdentifier:)"
    )
    public convenience init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
        softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier: String?
    ) {
        self.init(
            name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
            firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
            UDIDeviceIdentifier: udiDeviceIdentifier)
    }

    /// The machine this process runs on: its host name, operating system and version.
    public class func local() -> HKDevice {
        let info = ProcessInfo.processInfo
        let os = info.operatingSystemVersion
        return HKDevice(
            name: info.hostName, manufacturer: nil, model: localModel, hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)", localIdentifier: nil,
            UDIDeviceIdentifier: nil
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
        [
            name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion, localIdentifier,
            udiDeviceIdentifier,
        ]
    }

    /// Devices are equal when all their properties are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKDevice)?.fields == fields
    }

    /// The hash of every property.
    public override var hash: Int { fields.hashValue }

    /// The properties that are set, for debugging.
    public override var description: String {
        let labels = [
            "name", "manufacturer", "model", "hardware", "firmware", "software", "localIdentifier",
            "UDIDeviceIdentifier",
        ]
        let parts = zip(labels, fields).compactMap { label, value in value.map { "\(label):\($0)" } }
        return "<HKDevice \(parts.joined(separator: ", "))>"
    }

    // MARK: NSSecureCoding

    /// Devices are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the properties that are set, under their device property keys.
    public func encode(with coder: NSCoder) {
        for (key, value) in zip(Self.propertyKeys, fields) {
            coder.encodeString(value, forKey: key)
        }
    }

    /// Unarchives a device; a property not archived is nil.
    public convenience init?(coder: NSCoder) {
        let value = { (key: String) in coder.decodeString(forKey: key) }
        self.init(
            name: value(HKDevicePropertyKeyName), manufacturer: value(HKDevicePropertyKeyManufacturer),
            model: value(HKDevicePropertyKeyModel), hardwareVersion: value(HKDevicePropertyKeyHardwareVersion),
            firmwareVersion: value(HKDevicePropertyKeyFirmwareVersion),
            softwareVersion: value(HKDevicePropertyKeySoftwareVersion),
            localIdentifier: value(HKDevicePropertyKeyLocalIdentifier),
            UDIDeviceIdentifier: value(HKDevicePropertyKeyUDIDeviceIdentifier))
    }

    /// The device property keys, in the order of `fields`.
    private static let propertyKeys = [
        HKDevicePropertyKeyName, HKDevicePropertyKeyManufacturer, HKDevicePropertyKeyModel,
        HKDevicePropertyKeyHardwareVersion, HKDevicePropertyKeyFirmwareVersion, HKDevicePropertyKeySoftwareVersion,
        HKDevicePropertyKeyLocalIdentifier, HKDevicePropertyKeyUDIDeviceIdentifier,
    ]
}

/// The key of ``HKDevice/name``: the device property keys are for
/// `HKQuery.predicateForObjects(withDeviceProperty:allowedValues:)`.
public let HKDevicePropertyKeyName = "HKDevicePropertyName"
/// The key of ``HKDevice/manufacturer``.
public let HKDevicePropertyKeyManufacturer = "HKDevicePropertyManufacturer"
/// The key of ``HKDevice/model``.
public let HKDevicePropertyKeyModel = "HKDevicePropertyModel"
/// The key of ``HKDevice/hardwareVersion``.
public let HKDevicePropertyKeyHardwareVersion = "HKDevicePropertyHardwareVersion"
/// The key of ``HKDevice/firmwareVersion``.
public let HKDevicePropertyKeyFirmwareVersion = "HKDevicePropertyFirmwareVersion"
/// The key of ``HKDevice/softwareVersion``.
public let HKDevicePropertyKeySoftwareVersion = "HKDevicePropertySoftwareVersion"
/// The key of ``HKDevice/localIdentifier``.
public let HKDevicePropertyKeyLocalIdentifier = "HKDevicePropertyLocalIdentifier"
/// The key of ``HKDevice/udiDeviceIdentifier``.
public let HKDevicePropertyKeyUDIDeviceIdentifier = "HKDevicePropertyUDIDeviceIdentifier"
