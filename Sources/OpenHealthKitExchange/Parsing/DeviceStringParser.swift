import OpenHealthKitEngine

/// Reads the `device` attribute, the description of an `HKDevice` as the export prints it:
/// `<<HKDevice: 0x282a45810>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.0>`.
///
/// The address differs from record to record and is not part of the device. Values may contain `", "`, so a field
/// ends only where the next known `key:` begins.
enum DeviceStringParser {
    /// The part of the text that identifies the device: everything after the address.
    static func identity(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.starts(with: "<<HKDevice".utf8), let close = bytes.firstIndex(of: UInt8(ascii: ">")) else {
            return bytes
        }
        return UnsafeBufferPointer(rebasing: bytes[(close + 1)...])
    }

    static func device(_ text: String) -> DeviceRow? {
        var body = Substring(text)
        if body.hasPrefix("<<HKDevice") {
            guard let close = body.firstIndex(of: ">") else { return nil }
            body = body[body.index(after: close)...]
            if body.hasSuffix(">") { body = body.dropLast() }
            if body.hasPrefix(",") { body = body.dropFirst() }
        }
        body = body.drop { $0 == " " }
        guard !body.isEmpty else { return nil }
        var device = DeviceRow()
        var current: WritableKeyPath<DeviceRow, String>?
        var recognized = false
        for piece in body.split(separator: ", ", omittingEmptySubsequences: false) {
            if let (keyPath, value) = field(in: piece) {
                current = keyPath
                device[keyPath: keyPath] = value
                recognized = true
            } else if let current {
                device[keyPath: current] += ", " + piece
            }
        }
        // Not the HKDevice format: keep the text as the device's name rather than lose it.
        return recognized ? device : DeviceRow(name: String(text))
    }

    private static func field(in piece: Substring) -> (WritableKeyPath<DeviceRow, String>, String)? {
        guard let colon = piece.firstIndex(of: ":"), let keyPath = keyPath(for: piece[..<colon]) else { return nil }
        return (keyPath, String(piece[piece.index(after: colon)...]))
    }

    /// The device field a label of the description names.
    private static func keyPath(for label: Substring) -> WritableKeyPath<DeviceRow, String>? {
        switch label {
        case "name": \.name
        case "manufacturer": \.manufacturer
        case "model": \.model
        case "hardware": \.hardwareVersion
        case "firmware": \.firmwareVersion
        case "software": \.softwareVersion
        case "localIdentifier": \.localIdentifier
        case "UDIDeviceIdentifier", "udiDeviceIdentifier": \.udiDeviceIdentifier
        default: nil
        }
    }
}
