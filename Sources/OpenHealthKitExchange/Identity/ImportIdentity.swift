import Crypto
import Foundation

/// Names what an import stores with a deterministic UUID, so that importing the same record twice (the same export
/// again, a newer export that contains it, a correlation member listed twice) yields the same UUID and is stored
/// once.
///
/// The name is the record's identifying fields joined by U+001F (unit separator), e.g. for a quantity record
/// `type ␟ start ␟ end ␟ value ␟ unit ␟ sourceName`, with dates as whole milliseconds since 1970 (so a later export
/// written in another time zone names the record the same) and value and unit as exported, hashed with SHA-1 after
/// the namespace ``namespace``. docs/IMPORT.md lists the name of each kind of record.
///
/// A sample's UUID is time-ordered: an RFC 9562 version 8 UUID whose first 48 bits are its start date
/// (``reset(orderedBy:)``) and whose other 74 free bits are the name's SHA-1. Exports list each type in date order,
/// so the store's unique UUID index takes a batch's rows in a few narrow ranges instead of on every one of its pages
/// (random keys made that index most of the import's writing time). Other names are RFC 9562 version 5 UUIDs.
///
/// Never version 4: that is the version of apps' UUIDs, and the only one an app may save (`HealthEngine.save`), so
/// that an app cannot compute the UUID of a record it may not read and learn from a save whether it is stored.
final class ImportIdentity {
    /// OpenHealthKit's namespace for names of Health-export records.
    static let namespace = UUID(uuidString: "34B76E7F-EBEE-4674-835D-E308129EFB78")!

    /// The name being built: the namespace's 16 bytes, then the fields.
    private var name: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 1_024)
    private var count = 0
    private var fields = 0
    /// The first 48 bits of a time-ordered UUID, or nil for a version 5 UUID.
    private var timePrefix: UInt64?

    init() {}

    deinit {
        name.deallocate()
    }

    /// Starts a new name, for a version 5 UUID.
    func reset() {
        timePrefix = nil
        count = 0
        fields = 0
        withUnsafeBytes(of: Self.namespace.uuid) { append($0) }
    }

    /// Starts a new name, for a time-ordered UUID that begins with `start` (seconds since 1970): its milliseconds,
    /// offset by 2⁴⁷ so that dates before 1970 sort before later ones, within the 48 bits (about ±4,400 years; dates
    /// beyond share the first or last prefix and are told apart by their names).
    func reset(orderedBy start: Double) {
        reset()
        let milliseconds = (start * 1000).rounded() + Double(1 << 47)
        timePrefix = milliseconds.isNaN ? 0 : UInt64(min(max(milliseconds, 0), Double((1 << 48) - 1)))
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

    /// The UUID of the name built since ``reset()`` (version 5) or ``reset(orderedBy:)`` (version 8).
    func uuid() -> UUID {
        // swift-crypto's SHA-1 (BoringSSL, with the CPU's SHA instructions where it has them).
        let digest = Insecure.SHA1.hash(data: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(name)[0..<count]))
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { uuid in
            digest.withUnsafeBytes { uuid.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<16])) }
            if let timePrefix {
                for index in 0..<6 { uuid[index] = UInt8(truncatingIfNeeded: timePrefix >> (40 - 8 * UInt64(index))) }
                uuid[6] = uuid[6] & 0x0F | 0x80
            } else {
                uuid[6] = uuid[6] & 0x0F | 0x50
            }
            uuid[8] = uuid[8] & 0x3F | 0x80
        }
        return UUID(uuid: value)
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
