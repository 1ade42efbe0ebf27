#if !canImport(Darwin)
/// The Unicode scalars of an asynchronous sequence of UTF-8 bytes: Foundation's type behind `unicodeScalars`, which
/// swift-corelibs-foundation does not have. A byte sequence that is not UTF-8 gives U+FFFD, the replacement
/// character, as decoding a `String` does.
public struct AsyncUnicodeScalarSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == UInt8 {
    /// Each element is one Unicode scalar.
    public typealias Element = Unicode.Scalar

    let base: Base

    /// Decodes the bytes of `base` as they arrive.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: Base.AsyncIterator
        /// A byte read past the end of an invalid scalar: the start of the next one.
        var pending: UInt8?

        /// The next scalar, or nil at the end of the bytes.
        public mutating func next() async throws -> Unicode.Scalar? {
            guard let lead = try await nextByte() else { return nil }
            let length = Self.length(ofScalarStartingWith: lead)
            var encoded = [lead]
            while encoded.count < length {
                guard let byte = try await nextByte() else { break }
                guard byte & 0xC0 == 0x80 else {
                    pending = byte
                    break
                }
                encoded.append(byte)
            }
            return String(decoding: encoded, as: UTF8.self).unicodeScalars.first
        }

        private mutating func nextByte() async throws -> UInt8? {
            if let byte = pending {
                pending = nil
                return byte
            }
            return try await bytes.next()
        }

        /// How many bytes the UTF-8 encoding that starts with `lead` has; 1 for a byte that cannot start one.
        private static func length(ofScalarStartingWith lead: UInt8) -> Int {
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 1
            }
        }
    }

    /// An iterator over the scalars.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(bytes: base.makeAsyncIterator())
    }
}

extension AsyncUnicodeScalarSequence: Sendable where Base: Sendable {}
#endif
