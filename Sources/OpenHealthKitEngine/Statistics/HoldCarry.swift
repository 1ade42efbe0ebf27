/// While a composition reads a time-weighted type's bucket rows (each stream's in bucket order), extends the holds
/// a row's bucket end cut short (``AggregateRow/tail``) as the samples would: until the stream's next sample
/// starts (the next bucket's first start: a hold lasts at most ``SampleStream/maximumHold``, shorter than a bucket,
/// so no later bucket can matter), never past the end of the query's interval or window.
struct HoldCarry {
    /// What a released hold adds, and to which tally.
    struct Credit {
        /// The query interval of the readings, and their stream (nil: every source merged).
        var index: Int
        var source: Int?
        var weightedSum: Double
        var weight: Double
    }

    private var held: (tail: HeldTail, bucketEnd: Double, nextBucket: Int64, limit: Double, index: Int, source: Int?)?

    /// Releases the readings held from the previous row, now that the stream's next row (nil: no more rows) is
    /// known, then holds `row`'s own.
    /// - Parameters:
    ///   - bucketLength: the length of the rows' buckets in seconds.
    ///   - index: the query interval holding `row`'s bucket.
    ///   - limit: the earlier of that interval's end and the query window's.
    mutating func next(_ row: AggregateRow?, bucketLength: Double, index: Int, limit: Double) -> Credit? {
        let credit = release(before: row)
        if let row, let tail = row.tail {
            held = (tail, Double(row.bucket + 1) * bucketLength, row.bucket + 1, limit, index, row.source)
        }
        return credit
    }

    /// Releases what is held when no row follows.
    mutating func finish() -> Credit? {
        release(before: nil)
    }

    private mutating func release(before row: AggregateRow?) -> Credit? {
        guard let held else { return nil }
        self.held = nil
        let next = row.map { $0.source == held.source && $0.bucket == held.nextBucket ? $0.firstStart : .infinity }
        let added = held.tail.addedHold(beyond: held.bucketEnd, next: next ?? .infinity, limit: held.limit)
        guard added > 0 else { return nil }
        return Credit(
            index: held.index, source: held.source, weightedSum: added * held.tail.quantity,
            weight: added * Double(held.tail.count))
    }
}
