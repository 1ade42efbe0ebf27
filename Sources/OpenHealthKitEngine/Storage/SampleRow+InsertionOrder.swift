import Foundation

extension SampleRow {
    /// The order an import inserts its rows in: rows that point at no other row by ascending UUID, so that the unique
    /// UUID index is walked once per batch instead of at scattered places; then the correlation members and routes,
    /// in their order, after every row they may point at. (The other indexes follow type and time, which each batch
    /// keeps close together whatever the order.) Every storage inserts an import's rows in this order, so their
    /// anchors follow it.
    package static func insertionOrder(_ rows: [SampleRow]) -> [Int] {
        func key(_ uuid: UUID) -> (UInt64, UInt64) {
            withUnsafeBytes(of: uuid.uuid) {
                (
                    $0.load(fromByteOffset: 0, as: UInt64.self).bigEndian,
                    $0.load(fromByteOffset: 8, as: UInt64.self).bigEndian
                )
            }
        }
        var independent: [(key: (UInt64, UInt64), index: Int)] = []
        var dependent: [Int] = []
        independent.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            if row.correlationUUID == nil {
                independent.append((key(row.uuid), index))
            } else {
                dependent.append(index)
            }
        }
        independent.sort { $0.key < $1.key }
        return independent.map(\.index) + dependent
    }
}
