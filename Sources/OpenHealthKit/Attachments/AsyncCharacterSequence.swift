#if !canImport(Darwin)
/// The characters (extended grapheme clusters) of an asynchronous sequence of UTF-8 bytes: Foundation's type behind
/// `characters`, which swift-corelibs-foundation does not have.
public struct AsyncCharacterSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == UInt8 {
    /// Each element is one character.
    public typealias Element = Character

    let base: Base

    /// Groups the decoded scalars into characters as they arrive.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var scalars: AsyncUnicodeScalarSequence<Base>.AsyncIterator
        /// The scalars read but not returned yet: a character is complete once a scalar after it starts another.
        var text = ""

        /// The next character, or nil at the end of the bytes.
        public mutating func next() async throws -> Character? {
            while text.count < 2, let scalar = try await scalars.next() {
                text.unicodeScalars.append(scalar)
            }
            guard let character = text.first else { return nil }
            text.removeFirst()
            return character
        }
    }

    /// An iterator over the characters.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(scalars: AsyncUnicodeScalarSequence(base: base).makeAsyncIterator())
    }
}

extension AsyncCharacterSequence: Sendable where Base: Sendable {}
#endif
