#if !canImport(Darwin)
/// The lines of an asynchronous sequence of UTF-8 bytes: Foundation's type behind `lines`, which
/// swift-corelibs-foundation does not have.
///
/// As Foundation's, it splits at line feed, vertical tab, form feed, carriage return (a CR LF pair is one break),
/// next line (U+0085), line separator (U+2028) and paragraph separator (U+2029); lines exclude their terminator, and
/// empty lines are not returned.
public struct AsyncLineSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == UInt8 {
    /// Each element is one line, without its terminator.
    public typealias Element = String

    let base: Base

    /// Collects the decoded scalars of each line as they arrive.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var scalars: AsyncUnicodeScalarSequence<Base>.AsyncIterator

        /// The next non-empty line, or nil at the end of the bytes.
        public mutating func next() async throws -> String? {
            var line = String.UnicodeScalarView()
            while let scalar = try await scalars.next() {
                if lineBreaks.contains(scalar.value) {
                    if !line.isEmpty { return String(line) }
                } else {
                    line.append(scalar)
                }
            }
            return line.isEmpty ? nil : String(line)
        }
    }

    /// An iterator over the lines.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(scalars: AsyncUnicodeScalarSequence(base: base).makeAsyncIterator())
    }
}

extension AsyncLineSequence: Sendable where Base: Sendable {}

/// The scalars that end a line: LF, VT, FF, CR, NEL, LS and PS.
private let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
#endif
