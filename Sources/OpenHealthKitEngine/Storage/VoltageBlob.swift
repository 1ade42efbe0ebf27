package import Foundation

/// An electrocardiogram lead's voltages as stored: little-endian IEEE 754 doubles, one after the other, so that a
/// 30-second recording (15,360 values at 512 Hz) is one 123 KB blob rather than 15,360 rows. Both storages keep them so.
package enum VoltageBlob {
    /// The bytes of `values`, in order.
    package static func encode(_ values: [Double]) -> Data {
        var data = Data(capacity: values.count * 8)
        for value in values {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// The values of a blob ``encode(_:)`` wrote; trailing bytes short of a value are ignored.
    package static func decode(_ data: Data) -> [Double] {
        var values: [Double] = []
        values.reserveCapacity(data.count / 8)
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                let bits = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                values.append(Double(bitPattern: UInt64(littleEndian: bits)))
                offset += 8
            }
        }
        return values
    }
}
