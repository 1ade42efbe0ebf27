import Foundation

/// The buckets samples fall into, in seconds since 1970: a single unbounded bucket (a statistics query), or the
/// intervals of a collection, computed as the scan reaches them. Lookups move a cursor, so a scan in time order
/// costs one calendar computation per interval, not per sample.
struct BucketBounds {
    private let intervals: StatisticsIntervals?
    /// Whether there is one unbounded bucket; checked on every lookup instead of `intervals`, which is costly to copy.
    private let single: Bool
    /// The index of the interval starting at `starts[0]`.
    private var first = 0
    /// Consecutive interval starts; the last one is the end of the interval before it.
    private var starts: [Double] = []
    /// The position in `starts` of the interval last found.
    private var cursor = 0

    init(intervals: StatisticsIntervals?) {
        self.intervals = intervals
        single = intervals == nil
    }

    /// The index of the bucket holding `time` (a bucket holds its start, not its end).
    mutating func index(containing time: Double) -> Int {
        if single { return 0 }
        if starts.isEmpty {
            first = intervals!.index(containing: Date(timeIntervalSince1970: time))
            starts = [start(first), start(first + 1)]
            cursor = 0
        }
        while time < starts[cursor] {
            if cursor == 0 {
                first -= 1
                starts.insert(start(first), at: 0)
            } else {
                cursor -= 1
            }
        }
        while time >= starts[cursor + 1] {
            cursor += 1
            if cursor + 1 == starts.count { starts.append(start(first + cursor + 1)) }
        }
        return first + cursor
    }

    /// The start of bucket `index`, which ``index(containing:)`` found.
    func start(of index: Int) -> Double {
        single ? -.infinity : starts[index - first]
    }

    /// The end of bucket `index`, which ``index(containing:)`` found.
    func end(of index: Int) -> Double {
        single ? .infinity : starts[index - first + 1]
    }

    /// Calls `body` with each bucket that `[from, to)` overlaps and the length of the overlap (none when `to <= from`).
    /// The target is passed through so that callers can update their own state without capturing it.
    mutating func split<Target>(
        _ from: Double, _ to: Double, into target: inout Target, _ body: (inout Target, Int, Double) -> Void
    ) {
        guard to > from else { return }
        var index = index(containing: from)
        var pieceStart = from
        while true {
            let pieceEnd = min(to, end(of: index))
            if pieceEnd > pieceStart { body(&target, index, pieceEnd - pieceStart) }
            if pieceEnd >= to { return }
            pieceStart = pieceEnd
            index = self.index(containing: pieceEnd)
        }
    }

    private func start(_ index: Int) -> Double {
        intervals!.start(of: index).timeIntervalSince1970
    }
}
