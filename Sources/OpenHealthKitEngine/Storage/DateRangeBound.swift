import Foundation

/// One comparison a date range makes of a sample's dates (see ``DateRangeMode/bounds(start:end:)``), for a storage to
/// write in its own SQL.
package struct DateRangeBound: Sendable, Equatable {
    /// Which of the sample's dates is compared.
    package enum Column: Sendable, Equatable {
        case startDate, endDate
    }

    package var column: Column
    package var comparison: RowComparison
    /// Seconds since 1970.
    package var value: Double
    /// The bound is on the start date and moved back by the longest duration stored for the queried types: it does
    /// not select by itself (a long sample may start earlier), it bounds the scan of the (type, start date) index so
    /// that the cost follows the size of the answer.
    package var lessTheLongestDuration: Bool

    package init(_ column: Column, _ comparison: RowComparison, _ value: Double, lessTheLongestDuration: Bool = false) {
        self.column = column
        self.comparison = comparison
        self.value = value
        self.lessTheLongestDuration = lessTheLongestDuration
    }
}

extension DateRangeMode {
    /// The comparisons that select the samples of a range `[start, end)` in this mode (nil bounds are open), all of
    /// which must hold. HealthKit's overlap: `endDate >= start AND startDate < end`.
    package func bounds(start: Double?, end: Double?) -> [DateRangeBound] {
        let earliest = start.map { [DateRangeBound(.startDate, .greaterThanOrEqual, $0, lessTheLongestDuration: true)] }
        let endsFrom = start.map { [DateRangeBound(.endDate, .greaterThanOrEqual, $0)] } ?? []
        let startsFrom = start.map { [DateRangeBound(.startDate, .greaterThanOrEqual, $0)] } ?? []
        let startsBefore = end.map { [DateRangeBound(.startDate, .lessThan, $0)] } ?? []
        let endsBefore = end.map { [DateRangeBound(.endDate, .lessThan, $0)] } ?? []
        switch self {
        case .overlaps: return startsBefore + (earliest ?? []) + endsFrom
        case .strictStart: return startsFrom + startsBefore
        case .strictEnd: return (earliest ?? []) + endsFrom + startsBefore + endsBefore
        case .strictStartAndEnd: return startsFrom + startsBefore + endsBefore
        }
    }
}
