package import Foundation

/// How healthd reads a request's JSON body into a wire value: one decoder for every route, so that the daemon and
/// its fuzz target (`Fuzz/README.md`) read the same bytes the same way.
package enum WireRequestBody {
    /// Why a body is refused before its value is decoded.
    package enum Malformed: Error, Equatable {
        /// An object names this key twice (`JSONDecoder` would silently keep one of the values).
        case duplicateKey(String)
    }

    /// The value of type `T` in `data`.
    ///
    /// - Throws: ``Malformed/duplicateKey(_:)`` when an object names a key twice, or `DecodingError` when `data` is
    ///   not JSON or not a `T`. Never traps, whatever the bytes.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        // The fast codec reads only what it can vouch for (no key twice among it): the rest, errors included, is
        // the Codable types'.
        if let value = WireJSON.fastDecode(type, from: data) { return value }
        return try decodeWithCodable(type, from: data)
    }

    /// The reference reading of ``decode(_:from:)``: the duplicate-key check, then `JSONDecoder`. The fast codec
    /// must agree with it on every input it reads (``fastCodecDisagreement(_:on:)``).
    package static func decodeWithCodable<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let key = JSONDuplicateKeys.firstDuplicate(in: data) { throw Malformed.duplicateKey(key) }
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// How the fast codec's reading of `data` as a `T` differs from the Codable one's, or nil when they agree: the
    /// fast codec reads no value, or the same value the Codable types read (compared as `JSONEncoder` writes them).
    package static func fastCodecDisagreement<T: Codable>(_ type: T.Type, on data: Data) -> String? {
        guard let fast = WireJSON.fastDecode(type, from: data) else { return nil }
        let reference: T
        do {
            reference = try decodeWithCodable(type, from: data)
        } catch {
            return "the fast codec read a \(T.self) that the Codable types refuse: \(error)"
        }
        let fastBytes = try? WireJSON.encoder.encode(fast)
        let referenceBytes = try? WireJSON.encoder.encode(reference)
        guard fastBytes == referenceBytes else {
            return "the fast codec read a \(T.self) other than the Codable types' "
                + "(\(fastBytes.map { String(decoding: $0, as: UTF8.self) } ?? "-") against "
                + "\(referenceBytes.map { String(decoding: $0, as: UTF8.self) } ?? "-"))"
        }
        return nil
    }
}
