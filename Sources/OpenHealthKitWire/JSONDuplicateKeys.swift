package import Foundation

/// Finds an object in a JSON document that names a key twice. `JSONDecoder` keeps one of the values silently, so
/// two parsers (a proxy, a log reader, healthd) could read different requests from the same bytes: healthd refuses
/// such a body instead. One pass over the bytes, memory following the nesting depth and the keys of open objects.
package enum JSONDuplicateKeys {
    /// The first key found twice in one object, or nil. Assumes nothing about validity: malformed JSON is left for
    /// the decoder to refuse.
    package static func firstDuplicate(in data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Per open container: the keys seen if it is an object, nil if it is an array.
            var open: [Set<String>?] = []
            // Whether the next string in the innermost object is a key (after `{` or `,`).
            var expectingKey = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"):
                    open.append([])
                    expectingKey = true
                case UInt8(ascii: "["):
                    open.append(nil)
                    expectingKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if !open.isEmpty { open.removeLast() }
                    expectingKey = false
                case UInt8(ascii: ","):
                    expectingKey = open.last.map { $0 != nil } ?? false
                case UInt8(ascii: "\""):
                    let start = index
                    var escaped = false
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\") {
                            escaped = true
                            index += 1
                        }
                        index += 1
                    }
                    guard index < bytes.count else { return nil }
                    if expectingKey, open.last != nil {
                        let token = UnsafeBufferPointer(rebasing: bytes[start...index])
                        guard
                            let key = escaped
                                ? try? JSONDecoder().decode(String.self, from: Data(token))
                                : String(
                                    decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index]), as: UTF8.self)
                        else { return nil }
                        if open[open.count - 1]!.insert(key).inserted == false { return key }
                        expectingKey = false
                    }
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }
}
