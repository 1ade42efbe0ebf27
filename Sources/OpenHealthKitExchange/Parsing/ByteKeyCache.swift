import Foundation

/// Remembers what an attribute's text was read as, keyed by the text's bytes, so that the millions of records that
/// repeat a type, a source, a unit or a device cost a byte comparison instead of a `String` and a parse.
///
/// The last few hits are compared byte for byte first (exports list records type by type, and sources alternate
/// among a few); other texts go through a dictionary.
struct ByteKeyCache<Value> {
    private var recentKeys: [[UInt8]] = []
    private var recentValues: [Value] = []
    private var next = 0
    private var all: [[UInt8]: Value] = [:]
    private let recentCapacity = 8

    /// The value for `bytes`, made by `make` (from the text) the first time; nil when `make` returns nil.
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value?) -> Value? {
        for index in recentKeys.indices where recentKeys[index].withUnsafeBufferPointer({ Self.equal($0, bytes) }) {
            return recentValues[index]
        }
        let key = Array(bytes)
        let value: Value
        if let known = all[key] {
            value = known
        } else {
            guard let made = make(bytes) else { return nil }
            value = made
            all[key] = made
        }
        if recentKeys.count < recentCapacity {
            recentKeys.append(key)
            recentValues.append(value)
        } else {
            recentKeys[next] = key
            recentValues[next] = value
            next = (next + 1) % recentCapacity
        }
        return value
    }

    private static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let a = first.baseAddress, let b = second.baseAddress else { return first.count == 0 }
        return memcmp(a, b, first.count) == 0
    }
}
