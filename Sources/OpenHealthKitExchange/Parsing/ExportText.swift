/// Small readers of exported attribute text.
enum ExportText {
    /// The bytes without leading and trailing blanks.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A || bytes[start] == 0x0D
        { start += 1 }
        while end > start,
            bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D
        { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A finite decimal number (`72`, `0.00288`, `-1`, `1e-3`). Exports write numbers with a point whatever the locale.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let text = trimmed(bytes)
        // Double's parser is locale-independent; short texts need no heap allocation.
        guard !text.isEmpty, text.count < 64, text.allSatisfy({ isNumberByte($0) }),
            let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite
        else { return nil }
        return value
    }

    static func number(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { number($0) }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
