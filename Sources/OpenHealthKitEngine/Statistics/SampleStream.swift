import Foundation

/// One stream of samples (every source, or one source) in start-date order, turned into tallies by bucket.
///
/// A sample is a member of each bucket its clipped interval overlaps by a positive length; a sample without
/// duration is a member of the bucket holding its date.
struct SampleStream {
    /// How values combine in a bucket.
    enum Kind {
        /// Values add up; an interval sample counts in proportion to its overlap with the bucket. With
        /// `intervalSums` false the interval samples' sums come from elsewhere (the priority merge).
        case cumulative(intervalSums: Bool)
        /// The plain mean of the members' values.
        case arithmetic
        /// The mean weighted by the time each value holds in the bucket; with `level`, the mean of sound energy
        /// (10^(L/10)) brought back to decibels.
        case weighted(level: Bool)
    }

    /// The longest a sample without duration holds its value for a time-weighted mean.
    package static let maximumHold: Double = 600

    let kind: Kind
    /// Whether to measure the time covered (the `duration` option).
    let measuresDuration: Bool
    /// The end of the clip window: no value holds beyond it.
    let windowEnd: Double
    /// Whether to note, per bucket, the readings whose hold the bucket's end cut short (``tails``): what the
    /// statistics aggregates keep so that a longer interval can extend those holds.
    let recordsTails: Bool
    var column = TallyColumn()
    /// By bucket index, with ``recordsTails``: the readings whose hold the bucket's end cut short.
    private(set) var tails: [Int: HeldTail] = [:]

    /// Samples without duration whose hold awaits the next sample's start: their date, and per sample the weighted
    /// quantity and the bucket.
    private var pendingDate = -Double.infinity
    private var pending: [(quantity: Double, bucket: Int)] = []
    /// The covered stretch of time being extended, for `duration`.
    private var runStart = -Double.infinity
    private var runEnd = -Double.infinity

    init(kind: Kind, measuresDuration: Bool, windowEnd: Double, recordsTails: Bool = false) {
        self.kind = kind
        self.measuresDuration = measuresDuration
        self.windowEnd = windowEnd
        self.recordsTails = recordsTails
    }

    /// Adds the next sample in start-date order, clipped to `[from, to)`.
    mutating func add(_ row: ValueRow, from: Double, to: Double, bounds: inout BucketBounds) throws {
        if !pending.isEmpty && row.start > pendingDate { try settlePending(next: row.start, bounds: &bounds) }
        if row.start == row.end {
            try addInstant(row, bounds: &bounds)
            return
        }
        let kind = kind
        let duration = row.end - row.start
        let quantity = Self.weightedQuantity(row.value, kind)
        try bounds.split(from, to, into: &column) { column, bucket, overlap in
            let position = column.position(of: bucket)
            column.tallies[position].admit(start: row.start, end: row.end, value: row.value)
            switch kind {
            case .cumulative(let intervalSums):
                if intervalSums { column.tallies[position].sum += row.value * (overlap / duration) }
            case .arithmetic:
                column.tallies[position].valueSum += row.value
            case .weighted:
                column.tallies[position].weightedSum += overlap * quantity
                column.tallies[position].weight += overlap
            }
        }
        if measuresDuration && to > from {
            if from > runEnd {
                try flushRun(bounds: &bounds)
                runStart = from
                runEnd = to
            } else {
                runEnd = max(runEnd, to)
            }
        }
    }

    /// Settles what waits for a next sample that will not come.
    mutating func finish(bounds: inout BucketBounds) throws {
        try settlePending(next: .infinity, bounds: &bounds)
        try flushRun(bounds: &bounds)
    }

    private mutating func addInstant(_ row: ValueRow, bounds: inout BucketBounds) throws {
        let bucket = try bounds.index(containing: row.start)
        let position = column.position(of: bucket)
        column.tallies[position].admit(start: row.start, end: row.end, value: row.value)
        switch kind {
        case .cumulative: column.tallies[position].sum += row.value
        case .arithmetic: column.tallies[position].valueSum += row.value
        case .weighted:
            pendingDate = row.start
            pending.append((Self.weightedQuantity(row.value, kind), bucket))
        }
    }

    /// Gives each waiting sample its weight: it holds until the next sample starts, for at most ``maximumHold``, and
    /// never past the end of its bucket or of the window. With ``recordsTails``, a hold the bucket's end cut short
    /// (no sample of the stream started after it in the bucket) is noted in ``tails``.
    private mutating func settlePending(next: Double, bounds: inout BucketBounds) throws {
        for (quantity, bucket) in pending {
            let bucketEnd = bounds.end(of: bucket)
            let holdEnd = min(next, pendingDate + Self.maximumHold, bucketEnd, windowEnd)
            let weight = max(0, holdEnd - pendingDate)
            let position = column.position(of: bucket)
            column.tallies[position].weightedSum += weight * quantity
            column.tallies[position].weight += weight
            if recordsTails && next >= bucketEnd && pendingDate + Self.maximumHold > bucketEnd {
                tails[bucket, default: HeldTail(date: pendingDate, quantity: 0, count: 0)].quantity += quantity
                tails[bucket]?.count += 1
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func flushRun(bounds: inout BucketBounds) throws {
        try bounds.split(runStart, runEnd, into: &column) { column, bucket, overlap in
            column.tallies[column.position(of: bucket)].duration += overlap
        }
    }

    /// What a time-weighted mean averages: the value, or a sound level's energy.
    private static func weightedQuantity(_ value: Double, _ kind: Kind) -> Double {
        if case .weighted(level: true) = kind { return pow(10, value / 10) }
        return value
    }
}
