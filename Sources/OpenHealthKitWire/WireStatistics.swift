public import Foundation
package import OpenHealthKitModel
package import OpenHealthKitEngine

/// `POST /v1/queries/statistics` (no `intervals`: HKStatisticsQuery) and `POST /v1/queries/statistics-collection`
/// (with `intervals`: HKStatisticsCollectionQuery): a quantity type, a predicate, `HKStatisticsOptions` as its raw
/// value, and for a collection the intervals and an optional range (samples overlapping it, widened to whole
/// intervals).
public struct WireStatisticsQuery: Codable, Sendable {
    public var type: String
    public var predicate: WirePredicate?
    public var options: UInt
    public var intervals: WireStatisticsIntervals?
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
        let known: HKStatisticsOptions = [.separateBySource, .discreteAverage, .discreteMin, .discreteMax, .cumulativeSum, .mostRecent, .duration]
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
    public var anchorDate: WireDate
    public var intervalComponents: WireDateComponents
    public var calendar: String
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
        return try StatisticsIntervals(anchor: anchorDate.date, components: intervalComponents.components, calendar: calendar)
    }
}

/// The length of a statistics interval: the `DateComponents` fields an interval may set; absent fields are 0.
public struct WireDateComponents: Codable, Sendable, Equatable {
    public var year: Int?
    public var month: Int?
    public var weekOfYear: Int?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    public var nanosecond: Int?

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
    public var start: WireDate
    public var end: WireDate

    public init(_ interval: DateInterval) {
        start = WireDate(interval.start)
        end = WireDate(interval.end)
    }

    public func interval() throws -> DateInterval {
        guard start.date <= end.date else { throw HKError.invalidArgument("A date interval's start must not be after its end") }
        return DateInterval(start: start.date, end: end.date)
    }
}

/// The answer: the intervals holding data (at most one for a statistics query) in chronological order, values in
/// the type's canonical unit (`unit`), durations in seconds; `range` is the request's range widened to whole
/// intervals.
public struct WireStatisticsResponse: Codable, Sendable {
    public var unit: String
    public var buckets: [WireStatisticsBucket]
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
    public var start: WireDate
    public var end: WireDate
    public var merged: WireStatisticsValues
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

public struct WireSourceStatistics: Codable, Sendable {
    public var source: WireSource
    public var values: WireStatisticsValues

    package init(_ statistics: SourceStatistics) {
        source = WireSource(name: statistics.source.name, bundleIdentifier: statistics.source.bundleIdentifier)
        values = WireStatisticsValues(statistics.values)
    }

    package var statistics: SourceStatistics {
        SourceStatistics(source: SourceRow(bundleIdentifier: source.bundleIdentifier, name: source.name), values: values.values)
    }
}

/// The statistics asked for; the others are absent. `mostRecentStart`/`mostRecentEnd`: the most recent sample's dates.
public struct WireStatisticsValues: Codable, Sendable {
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var mostRecent: Double?
    public var mostRecentStart: WireDate?
    public var mostRecentEnd: WireDate?
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
        if let start = mostRecentStart?.date, let end = mostRecentEnd?.date, start <= end { interval = DateInterval(start: start, end: end) }
        return StatisticsValues(
            sum: sum, average: average, minimum: minimum, maximum: maximum, mostRecent: mostRecent, mostRecentInterval: interval,
            duration: duration)
    }
}

/// `GET`/`PUT /v1/owner/sources/priority`: the order in which sources count when statistics merge overlapping
/// samples of a quantity type (bundle identifiers, first counts first). On `GET` the user's list is followed by
/// every other source; a `PUT` with an empty list returns to the default order.
public struct WireSourcePriority: Codable, Sendable, Equatable {
    public var type: String
    public var sources: [String]

    public init(type: String, sources: [String]) {
        self.type = type
        self.sources = sources
    }
}
