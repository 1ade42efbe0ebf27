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
        if let key = JSONDuplicateKeys.firstDuplicate(in: data) { throw Malformed.duplicateKey(key) }
        return try JSONDecoder().decode(T.self, from: data)
    }
}
