import OpenHealthKitEngine

/// A device as text.
enum DeviceText {
    /// The `device` attribute of Apple's export, the description of an `HKDevice`:
    /// `<<HKDevice: 0x0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1>`.
    /// Apple's address differs from record to record and means nothing; OpenHealthKit writes `0x0`. Empty fields are
    /// left out; nil when every field is empty.
    static func exportDescription(_ device: DeviceRow) -> String? {
        let fields = labelled(device)
        guard !fields.isEmpty else { return nil }
        return "<<HKDevice: 0x0>, " + fields.map { $0.label + ":" + $0.value }.joined(separator: ", ") + ">"
    }

    /// The device's non-empty fields with the labels of `HKDevice`'s description (`hardware` is the hardware version).
    static func labelled(_ device: DeviceRow) -> [(label: String, value: String)] {
        let labels = [
            "name", "manufacturer", "model", "hardware", "firmware", "software", "localIdentifier",
            "UDIDeviceIdentifier",
        ]
        return zip(labels, device.fields).filter { !$0.1.isEmpty }.map { ($0.0, $0.1) }
    }
}
