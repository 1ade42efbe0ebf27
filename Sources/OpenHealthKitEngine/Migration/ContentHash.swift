import Foundation

/// 64-bit FNV-1a over typed values, for ``StoreTally``'s checksums: a string is hashed as its length and its UTF-8
/// bytes, a number as its bit pattern, an optional as a presence byte and its value, so that no two different
/// sequences of fields hash the same bytes. Hashing the fields themselves, instead of a text made of them, is what
/// keeps a tally of millions of samples cheap (building each record's text cost ten times the copy itself).
struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add(bytes: $0) }
    }

    mutating func add(_ number: Int64) { add(UInt64(bitPattern: number)) }

    mutating func add(_ number: Double) { add(number.bitPattern) }

    mutating func add(_ text: String) {
        add(UInt64(text.utf8.count))
        add(bytes: text.utf8)
    }

    mutating func add(_ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { add(bytes: $0) }
    }

    /// A presence byte, then the value when there is one.
    mutating func add<T>(_ optional: T?, _ adding: (inout ContentHash, T) -> Void) {
        add(bytes: [optional == nil ? 0 : 1])
        if let optional { adding(&self, optional) }
    }

    /// A value without a hand-written encoding (a workout, a kind's detail, children), as its description: a value
    /// type's fields in order, the same for equal values in any process. Empty lists, the common case, cost nothing.
    mutating func add(describing value: Any) { add(String(describing: value)) }
}
