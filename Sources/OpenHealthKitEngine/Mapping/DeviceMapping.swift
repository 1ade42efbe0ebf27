import Foundation
package import OpenHealthKitModel

extension DeviceRow {
    /// A device as stored: absent properties become empty strings.
    package init(_ device: HKDevice) {
        self.init(
            name: device.name ?? "", manufacturer: device.manufacturer ?? "", model: device.model ?? "",
            hardwareVersion: device.hardwareVersion ?? "", firmwareVersion: device.firmwareVersion ?? "",
            softwareVersion: device.softwareVersion ?? "", localIdentifier: device.localIdentifier ?? "",
            udiDeviceIdentifier: device.udiDeviceIdentifier ?? "")
    }

    package var device: HKDevice {
        func optional(_ value: String) -> String? { value.isEmpty ? nil : value }
        return HKDevice(
            name: optional(name), manufacturer: optional(manufacturer), model: optional(model),
            hardwareVersion: optional(hardwareVersion), firmwareVersion: optional(firmwareVersion),
            softwareVersion: optional(softwareVersion), localIdentifier: optional(localIdentifier),
            UDIDeviceIdentifier: optional(udiDeviceIdentifier))
    }
}

extension RevisionRow {
    package init(_ revision: HKSourceRevision) {
        let os = revision.operatingSystemVersion
        self.init(
            version: revision.version ?? "", productType: revision.productType ?? "",
            operatingSystemVersion: "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)")
    }

    package func sourceRevision(of source: HKSource) -> HKSourceRevision {
        let parts = operatingSystemVersion.split(separator: ".").map { Int($0) ?? 0 } + [0, 0, 0]
        return HKSourceRevision(
            source: source, version: version.isEmpty ? nil : version,
            productType: productType.isEmpty ? nil : productType,
            operatingSystemVersion: OperatingSystemVersion(
                majorVersion: parts[0], minorVersion: parts[1], patchVersion: parts[2]))
    }
}
