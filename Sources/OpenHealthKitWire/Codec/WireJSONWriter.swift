package import Foundation

/// Writes JSON byte for byte as healthd's `JSONEncoder` does (`.sortedKeys`, `.withoutEscapingSlashes`, no
/// whitespace): the fast codec's output must be indistinguishable from the Codable types' (`WireCodecTests` compare
/// the two on randomized values).
///
/// What `JSONEncoder` does and this writer copies: keys sorted by Swift's `String` ordering; numbers as Swift's
/// `description` with a trailing `.0` dropped (`72`, `0.1`, `1e+20`, `-0`); strings with `"` and `\` escaped, the
/// control characters below 0x20 as `\b \t \n \f \r` or `\u00xx` (lower-case hex), everything else as its UTF-8
/// bytes. A number that is not finite cannot be written (``NotFinite``), as `JSONEncoder` refuses it.
///
/// Objects are written by hand: ``beginObject()``, then ``key(_:)`` before each value in sorted order, then
/// ``endObject()``; the writer places the commas.
package struct WireJSONWriter {
    /// A number that is not finite: JSON has no way to write it.
    package struct NotFinite: Error {}

    /// The JSON written so far.
    package private(set) var bytes: [UInt8] = []
    /// Whether the next key or array element is the first of its container (no comma before it).
    private var first = true

    /// An empty writer, with room for `capacity` bytes.
    package init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written, as `Data`.
    package var data: Data { Data(bytes) }

    package mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        first = true
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    package mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        first = true
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// Starts the next element of an array (a comma unless it is the first).
    package mutating func element() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    /// Writes an object key known to need no escaping (a property name), and its colon.
    package mutating func key(_ name: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// Writes an object key that may need escaping (a metadata key), and its colon.
    package mutating func key(_ name: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var clean = 0
            for (index, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                escape(byte)
                clean = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
            ])
        }
    }

    package mutating func number(_ value: Double) throws(NotFinite) {
        guard value.isFinite else { throw NotFinite() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    /// Writes a value through `JSONEncoder` (for the rare shapes the fast codec leaves to the Codable types): the
    /// encoder writes a nested value as it would write it alone, so the bytes are the same either way.
    package mutating func encoded(_ value: some Encodable) throws {
        bytes.append(contentsOf: try WireJSON.encoder.encode(value))
        first = false
    }
}
