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
    private var name: [UInt8] = []
    private var fields = 0

    init() {
        name.reserveCapacity(512)
    }

    /// Starts a new name.
    func reset() {
        name.removeAll(keepingCapacity: true)
        withUnsafeBytes(of: Self.namespace.uuid) { name.append(contentsOf: $0) }
        fields = 0
    }

    func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        separate()
        name.append(contentsOf: bytes)
    }

    func add(_ text: String) {
        separate()
        name.append(contentsOf: text.utf8)
    }

    /// A date, as whole milliseconds since 1970.
    func add(date seconds: Double) {
        add(integer: Int64((seconds * 1000).rounded()))
    }

    func add(integer: Int64) {
        separate()
        if integer < 0 { name.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        let start = name.count
        repeat {
            name.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        name[start...].reverse()
    }

    func addEmpty() {
        separate()
    }

    /// The version 5 UUID of the name built since ``reset()``.
    func uuid() -> UUID {
        let (a, b, c, d, _) = name.withUnsafeBytes { hasher.digest($0) }
        func byte(_ word: UInt32, _ index: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: word >> (24 - 8 * index)) }
        return UUID(uuid: (
            byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3),
            byte(b, 0), byte(b, 1), byte(b, 2) & 0x0F | 0x50, byte(b, 3),
            byte(c, 0) & 0x3F | 0x80, byte(c, 1), byte(c, 2), byte(c, 3),
            byte(d, 0), byte(d, 1), byte(d, 2), byte(d, 3)))
    }

    private func separate() {
        if fields > 0 { name.append(0x1F) }
        fields += 1
    }
}
