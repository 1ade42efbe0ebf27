import Foundation

/// Names what an import stores with a deterministic UUID, so that importing the same record twice (the same export
/// again, a newer export that contains it, a correlation member listed twice) yields the same UUID and is stored
/// once.
///
/// The UUID is an RFC 9562 version 5 UUID (SHA-1, name-based) in the namespace ``namespace``; the name is the
/// record's identifying fields joined by U+001F (unit separator), e.g. for a quantity record
/// `type ␟ start ␟ end ␟ value ␟ unit ␟ sourceName`, with dates as whole milliseconds since 1970 (so a later export
/// written in another time zone names the record the same) and value and unit as exported. docs/IMPORT.md lists the
/// name of each kind of record.
final class ImportIdentity {
    /// OpenHealthKit's namespace for names of Health-export records.
    static let namespace = UUID(uuidString: "34B76E7F-EBEE-4674-835D-E308129EFB78")!

    private let hasher = SHA1()
    /// The name being built: the namespace's 16 bytes, then the fields.
    private var name: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 1_024)
    private var count = 0
    private var fields = 0

    init() {}

    deinit {
        name.deallocate()
    }

    /// Starts a new name.
    func reset() {
        count = 0
        fields = 0
        withUnsafeBytes(of: Self.namespace.uuid) { append($0) }
    }

    func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        separate()
        append(UnsafeRawBufferPointer(bytes))
    }

    func add(_ text: String) {
        separate()
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// A date, as whole milliseconds since 1970.
    func add(date seconds: Double) {
        add(integer: Int64((seconds * 1000).rounded()))
    }

    func add(integer: Int64) {
        separate()
        // Up to 20 digits and a sign, written backwards into a buffer on the stack.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = integer.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if integer < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            append(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    func addEmpty() {
        separate()
    }

    /// The version 5 UUID of the name built since ``reset()``.
    func uuid() -> UUID {
        let (a, b, c, d, _) = hasher.digest(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: name[0..<count])))
        func byte(_ word: UInt32, _ index: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: word >> (24 - 8 * index)) }
        return UUID(uuid: (
            byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3),
            byte(b, 0), byte(b, 1), byte(b, 2) & 0x0F | 0x50, byte(b, 3),
            byte(c, 0) & 0x3F | 0x80, byte(c, 1), byte(c, 2), byte(c, 3),
            byte(d, 0), byte(d, 1), byte(d, 2), byte(d, 3)))
    }

    private func separate() {
        if fields > 0 {
            reserve(1)
            name[count] = 0x1F
            count += 1
        }
        fields += 1
    }

    private func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(name)[count...]).copyMemory(from: bytes)
        count += bytes.count
    }

    private func reserve(_ extra: Int) {
        guard count + extra > name.count else { return }
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(name.count * 2, count + extra))
        _ = larger.initialize(from: name[0..<count])
        name.deallocate()
        name = larger
    }
}
