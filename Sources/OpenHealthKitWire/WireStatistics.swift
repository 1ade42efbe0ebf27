public import Foundation
package import OpenHealthKitModel
package import OpenHealthKitEngine

/// `POST /v1/queries/statistics` (no `intervals`: HKStatisticsQuery) and `POST /v1/queries/statistics-collection`
/// (with `intervals`: HKStatisticsCollectionQuery): a quantity type, a predicate, `HKStatisticsOptions` as its raw
/// value, and for a collection the intervals and an optional range (samples overlapping it, widened to whole
/// intervals).
public struct WireStatisticsQuery: Codable, Sendable {
    /// The raw identifier of the quantity type.
    public var type: String
    /// The predicate the samples must match; nil matches every sample.
    public var predicate: WirePredicate?
    /// The `HKStatisticsOptions` raw value.
    public var options: UInt
    /// The intervals of a collection; nil for a single statistics query.
    public var intervals: WireStatisticsIntervals?
    /// The range of a collection (samples overlapping it count); nil for every sample.
    public var range: WireDateInterval?

    package init(_ request: StatisticsRequest) {
        type = request.type.identifier
        predicate = request.predicate.map(WirePredicate.init)
        options = request.options.rawValue
        intervals = request.intervals.map(WireStatisticsIntervals.init)
        range = request.range.map(WireDateInterval.init)
    }

    /// The engine's request; an unknown or non-quantity type, or intervals that are not a positive length, is an
    /// invalid argument.
    package func request() throws -> StatisticsRequest {
        guard let quantityType = try WireTypes.sampleType(type) as? HKQuantityType else {
            throw HKError.invalidArgument("\(type) is not a quantity type: statistics need one")
        }
        let known: HKStatisticsOptions = [
            .separateBySource, .discreteAverage, .discreteMin, .discreteMax, .cumulativeSum, .mostRecent, .duration,
        ]
        guard known.isSuperset(of: HKStatisticsOptions(rawValue: options)) else {
            throw HKError.invalidArgument("\(options) is not an HKStatisticsOptions raw value")
        }
        return StatisticsRequest(
            type: quantityType, predicate: predicate?.tree, options: HKStatisticsOptions(rawValue: options),
            intervals: try intervals?.intervals(), range: try range?.interval())
    }
}

/// The intervals of a statistics collection: `anchorDate + n × intervalComponents` in a calendar (identifier, e.g.
/// `gregorian`) and time zone (identifier, e.g. `Europe/Paris`), as the client's `Calendar.current` computes them.
public struct WireStatisticsIntervals: Codable, Sendable {
    /// The date the intervals are aligned to.
    public var anchorDate: WireDate
    /// The length of one interval.
    public var intervalComponents: WireDateComponents
    /// The calendar's identifier, e.g. `gregorian`.
    public var calendar: String
    /// The time zone's identifier, e.g. `Europe/Paris`.
    public var timeZone: String

    package init(_ intervals: StatisticsIntervals) {
        anchorDate = WireDate(intervals.anchor)
        intervalComponents = WireDateComponents(intervals.components)
        calendar = WireCalendars.name(of: intervals.calendar.identifier)
        timeZone = intervals.calendar.timeZone.identifier
    }

    package func intervals() throws -> StatisticsIntervals {
        guard let identifier = WireCalendars.identifier(named: calendar) else {
            throw HKError.invalidArgument("\(calendar) is not a calendar identifier: use gregorian, iso8601, ...")
        }
        guard let zone = TimeZone(identifier: timeZone) else {
            throw HKError.invalidArgument("\(timeZone) is not a time zone identifier")
        }
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = zone
        return try StatisticsIntervals(
            anchor: anchorDate.date, components: intervalComponents.components, calendar: calendar)
    }
}

/// The length of a statistics interval: the `DateComponents` fields an interval may set; absent fields are 0.
public struct WireDateComponents: Codable, Sendable, Equatable {
    /// Years.
    public var year: Int?
    /// Months.
    public var month: Int?
    /// Weeks (weeks of the month count as weeks too).
    public var weekOfYear: Int?
    /// Days.
    public var day: Int?
    /// Hours.
    public var hour: Int?
    /// Minutes.
    public var minute: Int?
    /// Seconds.
    public var second: Int?
    /// Nanoseconds.
    public var nanosecond: Int?

    /// The wire form of interval components; weeks of the month are added to weeks of the year.
    public init(_ components: DateComponents) {
        year = components.year
        month = components.month
        // Weeks of month are weeks too, as the engine counts them.
        weekOfYear = components.weekOfYear.map { $0 + (components.weekOfMonth ?? 0) } ?? components.weekOfMonth
        day = components.day
        hour = components.hour
        minute = components.minute
        second = components.second
        nanosecond = components.nanosecond
    }

    /// The components.
    public var components: DateComponents {
        DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond,
            weekOfYear: weekOfYear)
    }
}

/// Calendar identifiers by name (`gregorian`, `iso8601`, `hebrew`, ...).
enum WireCalendars {
    private static let all: [Calendar.Identifier] = [
        .gregorian, .iso8601, .buddhist, .chinese, .coptic, .ethiopicAmeteAlem, .ethiopicAmeteMihret, .hebrew, .indian,
        .islamic, .islamicCivil, .islamicTabular, .islamicUmmAlQura, .japanese, .persian, .republicOfChina,
    ]

    static func name(of identifier: Calendar.Identifier) -> String { "\(identifier)" }

    static func identifier(named name: String) -> Calendar.Identifier? {
        all.first { "\($0)" == name }
    }
}

/// A date interval: `{"start": ..., "end": ...}`.
public struct WireDateInterval: Codable, Sendable, Equatable {
    /// The start.
    public var start: WireDate
    /// The end, not before the start.
    public var end: WireDate

    /// The wire form of a date interval.
    public init(_ interval: DateInterval) {
        start = WireDate(interval.start)
        end = WireDate(interval.end)
    }

    /// The interval; a start after the end is an invalid argument.
    public func interval() throws -> DateInterval {
        guard start.date <= end.date else {
            throw HKError.invalidArgument("A date interval's start must not be after its end")
        }
        return DateInterval(start: start.date, end: end.date)
    }
}

/// The answer: the intervals holding data (at most one for a statistics query) in chronological order, values in
/// the type's canonical unit (`unit`), durations in seconds; `range` is the request's range widened to whole
/// intervals.
public struct WireStatisticsResponse: Codable, Sendable {
    /// The unit string of the type's canonical unit, in which every value is given.
    public var unit: String
    /// The intervals holding data, in chronological order.
    public var buckets: [WireStatisticsBucket]
    /// The collection's range widened to whole intervals; nil for a single statistics query.
    public var range: WireDateInterval?

    package init(_ result: StatisticsResult, type: HKQuantityType) {
        unit = type.canonicalUnit.unitString
        buckets = result.buckets.map(WireStatisticsBucket.init)
        range = result.range.map(WireDateInterval.init)
    }

    /// The engine's result for `request`.
    package func result(for request: StatisticsRequest) -> StatisticsResult {
        StatisticsResult(buckets: buckets.map(\.bucket), intervals: request.intervals, range: try? range?.interval())
    }
}

/// One interval: every source merged, and with `separateBySource` each source on its own in priority order.
public struct WireStatisticsBucket: Codable, Sendable {
    /// The interval's start.
    public var start: WireDate
    /// The interval's end.
    public var end: WireDate
    /// The statistics of every source merged.
    public var merged: WireStatisticsValues
    /// With `separateBySource`: each source's statistics, in priority order; nil otherwise.
    public var bySource: [WireSourceStatistics]?

    package init(_ bucket: StatisticsBucket) {
        start = WireDate(bucket.start)
        end = WireDate(bucket.end)
        merged = WireStatisticsValues(bucket.merged)
        bySource = bucket.bySource?.map(WireSourceStatistics.init)
    }

    package var bucket: StatisticsBucket {
        StatisticsBucket(start: start.date, end: end.date, merged: merged.values, bySource: bySource?.map(\.statistics))
    }
}

/// One source's statistics within an interval.
public struct WireSourceStatistics: Codable, Sendable {
    /// The source.
    public var source: WireSource
    /// Its statistics.
    public var values: WireStatisticsValues

    package init(_ statistics: SourceStatistics) {
        source = WireSource(name: statistics.source.name, bundleIdentifier: statistics.source.bundleIdentifier)
        values = WireStatisticsValues(statistics.values)
    }

    package var statistics: SourceStatistics {
        SourceStatistics(
            source: SourceRow(bundleIdentifier: source.bundleIdentifier, name: source.name), values: values.values)
    }
}

/// The statistics asked for; the others are absent. `mostRecentStart`/`mostRecentEnd`: the most recent sample's dates.
public struct WireStatisticsValues: Codable, Sendable {
    /// The sum (`cumulativeSum`), in the canonical unit.
    public var sum: Double?
    /// The time-weighted average (`discreteAverage`), in the canonical unit.
    public var average: Double?
    /// The minimum (`discreteMin`), in the canonical unit.
    public var minimum: Double?
    /// The maximum (`discreteMax`), in the canonical unit.
    public var maximum: Double?
    /// The most recent sample's value (`mostRecent`), in the canonical unit.
    public var mostRecent: Double?
    /// The most recent sample's start date.
    public var mostRecentStart: WireDate?
    /// The most recent sample's end date.
    public var mostRecentEnd: WireDate?
    /// The time covered by samples (`duration`), in seconds.
    public var duration: Double?

    package init(_ values: StatisticsValues) {
        sum = values.sum
        average = values.average
        minimum = values.minimum
        maximum = values.maximum
        mostRecent = values.mostRecent
        mostRecentStart = values.mostRecentInterval.map { WireDate($0.start) }
        mostRecentEnd = values.mostRecentInterval.map { WireDate($0.end) }
        duration = values.duration
    }

    package var values: StatisticsValues {
        var interval: DateInterval?
        if let start = mostRecentStart?.date, let end = mostRecentEnd?.date, start <= end {
            interval = DateInterval(start: start, end: end)
        }
        return StatisticsValues(
            sum: sum, average: average, minimum: minimum, maximum: maximum, mostRecent: mostRecent,
            mostRecentInterval: interval,
            duration: duration)
    }
}

/// `GET`/`PUT /v1/owner/sources/priority`: the order in which sources count when statistics merge overlapping
/// samples of a quantity type (bundle identifiers, first counts first). On `GET` the user's list is followed by
/// every other source; a `PUT` with an empty list returns to the default order.
public struct WireSourcePriority: Codable, Sendable, Equatable {
    /// The raw identifier of the quantity type.
    public var type: String
    /// The sources' bundle identifiers, first counts first.
    public var sources: [String]

    /// A priority list for a type.
    public init(type: String, sources: [String]) {
        self.type = type
        self.sources = sources
    }
}
