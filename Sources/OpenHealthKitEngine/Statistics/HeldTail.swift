/// Readings without duration at the end of a bucket whose time-weighted hold the bucket's end cut short: a later
/// bucket's statistics may extend it (until the stream's next sample starts, for at most
/// ``SampleStream/maximumHold``, never past the end of the query's interval or window). Several readings may share
/// the date; each holds for the same time.
package struct HeldTail: Sendable, Equatable {
    /// The readings' date, in seconds since 1970.
    package var date: Double
    /// The sum of their weighted quantities (a sound level's energy, 10^(L/10), for level types).
    package var quantity: Double
    /// How many readings share the date.
    package var count: Int

    package init(date: Double, quantity: Double, count: Int) {
        self.date = date
        self.quantity = quantity
        self.count = count
    }

    /// The hold added beyond `bucketEnd`: until `next` (the first start of the stream after the bucket, infinity
    /// when none is known to matter), the end of the hold, or `limit` (the end of the query's interval or window),
    /// whichever comes first.
    package func addedHold(beyond bucketEnd: Double, next: Double, limit: Double) -> Double {
        max(0, min(next, date + SampleStream.maximumHold, limit) - bucketEnd)
    }
}
