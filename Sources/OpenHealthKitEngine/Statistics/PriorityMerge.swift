import Foundation

/// The merged sums of a cumulative type, sources ranked by priority (rank 0 first).
///
/// A sweep line over the samples' clipped intervals, fed in start order: at every moment only the highest-ranked
/// source with a sample covering it counts, and there each of its covering samples counts at its own rate
/// (value ÷ duration), so a source's own overlapping samples are not deduplicated. Lower-ranked sources fill the gaps.
/// Each sample enters and leaves a heap once: O(n log n) for n samples, plus one piece per bucket a stretch crosses.
struct PriorityMerge {
    private var ends = EndHeap()
    /// Per rank: how many of its samples cover the sweep position, and the sum of their rates.
    private var covering: [Int]
    private var rates: [Double]
    /// Per rank, a bit set while it covers the sweep position; the lowest set bit is the winner.
    private var coveringBits: [UInt64]
    private var position = -Double.infinity

    init(rankCount: Int) {
        covering = Array(repeating: 0, count: rankCount)
        rates = Array(repeating: 0, count: rankCount)
        coveringBits = Array(repeating: 0, count: rankCount / 64 + 1)
    }

    /// Adds a sample covering `[from, to)` at `rate` per second; `from` never decreases from one call to the next.
    mutating func add(
        from: Double, to: Double, rate: Double, rank: Int, into column: inout TallyColumn, bounds: inout BucketBounds
    ) throws {
        try advance(to: from, column: &column, bounds: &bounds)
        ends.push(EndHeap.Entry(end: to, rate: rate, rank: rank))
        if covering[rank] == 0 { coveringBits[rank >> 6] |= 1 << UInt64(rank & 63) }
        covering[rank] += 1
        rates[rank] += rate
    }

    /// Credits what remains.
    mutating func finish(into column: inout TallyColumn, bounds: inout BucketBounds) throws {
        try advance(to: .infinity, column: &column, bounds: &bounds)
    }

    /// Moves the sweep to `date`, crediting the winner of each stretch between sample ends on the way.
    private mutating func advance(to date: Double, column: inout TallyColumn, bounds: inout BucketBounds) throws {
        while let next = ends.first, next.end <= date {
            try credit(until: next.end, column: &column, bounds: &bounds)
            ends.removeFirst()
            covering[next.rank] -= 1
            if covering[next.rank] == 0 {
                // Reset rather than subtract, so rounding never leaves a rate behind.
                rates[next.rank] = 0
                coveringBits[next.rank >> 6] &= ~(1 << UInt64(next.rank & 63))
            } else {
                rates[next.rank] -= next.rate
            }
        }
        try credit(until: date, column: &column, bounds: &bounds)
    }

    private mutating func credit(until date: Double, column: inout TallyColumn, bounds: inout BucketBounds) throws {
        defer { position = max(position, date) }
        guard date > position, let winner = winner else { return }
        let rate = rates[winner]
        try bounds.split(position, date, into: &column) { column, bucket, overlap in
            column.tallies[column.position(of: bucket)].sum += rate * overlap
        }
    }

    private var winner: Int? {
        for (word, bits) in coveringBits.enumerated() where bits != 0 {
            return (word << 6) + bits.trailingZeroBitCount
        }
        return nil
    }
}

/// A binary min-heap of sample ends.
struct EndHeap {
    struct Entry {
        var end: Double
        var rate: Double
        var rank: Int
    }

    private var entries: [Entry] = []

    var first: Entry? { entries.first }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].end < entries[parent].end else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count && entries[left].end < entries[smallest].end { smallest = left }
            if right < entries.count && entries[right].end < entries[smallest].end { smallest = right }
            if smallest == parent { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
