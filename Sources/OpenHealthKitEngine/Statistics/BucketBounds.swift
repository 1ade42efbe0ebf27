import Foundation
import OpenHealthKitModel

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

    /// The index of the bucket holding `time` (a bucket holds its start, not its end), or `errorInvalidArgument`
    /// when the buckets would span more than ``StatisticsIntervals/maximumCount`` intervals or `time` lies outside
    /// the dates a sample may have (data stored before dates were checked).
    mutating func index(containing time: Double) throws -> Int {
        if single { return 0 }
        if starts.isEmpty || time < starts[0] || time >= starts[starts.count - 1] { try extend(toHold: time) }
        if time < starts[cursor] || time >= starts[cursor + 1] {
            if cursor + 2 < starts.count, time >= starts[cursor + 1], time < starts[cursor + 2] {
                cursor += 1
            } else {
                // A jump: binary search for the last start at or before `time`.
                var low = 0, high = starts.count - 1
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if starts[middle] <= time { low = middle } else { high = middle }
                }
                cursor = low
            }
        }
        return first + cursor
    }

    /// Grows `starts` to the interval holding `time`, computing every start in between.
    private mutating func extend(toHold time: Double) throws {
        let date = Date(timeIntervalSince1970: time)
        guard SampleValidation.isSampleDate(date) else {
            throw HKError.invalidArgument(
                "The store holds a sample dated outside years 1 to 4001 (\(time) s since 1970): narrow the query's date range"
            )
        }
        // A scan in time order reaches the interval after the last known one: one calendar call, not a search.
        if !starts.isEmpty, time >= starts[starts.count - 1] {
            let next = start(first + starts.count)
            if time < next {
                guard starts.count <= StatisticsIntervals.maximumCount else { throw Self.tooManyIntervals }
                starts.append(next)
                cursor = starts.count - 2
                return
            }
        }
        var target = intervals!.index(containing: date)
        // Seconds since 1970 and Date differ in rounding: settle on the interval whose starts, as stored here, hold it.
        for _ in 0..<2 where start(target) > time { target -= 1 }
        for _ in 0..<2 where start(target + 1) <= time { target += 1 }
        // A calendar whose intervals the search cannot place the date in fails the query rather than filing the
        // sample under an interval that does not hold it.
        let targetStart = start(target), targetEnd = start(target + 1)
        guard targetStart <= time, time < targetEnd else {
            throw HKError.invalidArgument(
                "No interval of the statistics collection holds \(date) in the \(intervals!.calendar.identifier) calendar: narrow the date range"
            )
        }
        if starts.isEmpty {
            first = target
            starts = [targetStart, targetEnd]
            cursor = 0
            return
        }
        let last = first + starts.count - 1
        let newFirst = min(first, target), newLast = max(last, target + 1)
        guard newLast - newFirst <= StatisticsIntervals.maximumCount else { throw Self.tooManyIntervals }
        if newFirst < first {
            starts.insert(contentsOf: (newFirst..<first).map { start($0) }, at: 0)
            cursor += first - newFirst
            first = newFirst
        }
        if newLast > last { starts.append(contentsOf: (last + 1...newLast).map { start($0) }) }
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
    ) throws {
        guard to > from else { return }
        var index = try index(containing: from)
        var pieceStart = from
        while true {
            let pieceEnd = min(to, end(of: index))
            if pieceEnd > pieceStart { body(&target, index, pieceEnd - pieceStart) }
            if pieceEnd >= to { return }
            pieceStart = pieceEnd
            index = try self.index(containing: pieceEnd)
        }
    }

    private static var tooManyIntervals: HKError {
        HKError.invalidArgument(
            "A statistics collection may span at most \(StatisticsIntervals.maximumCount) intervals: narrow the date range or lengthen the interval"
        )
    }

    private func start(_ index: Int) -> Double {
        intervals!.start(of: index).timeIntervalSince1970
    }
}
