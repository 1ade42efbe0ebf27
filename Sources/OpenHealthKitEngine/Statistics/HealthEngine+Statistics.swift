import Foundation
import OpenHealthKitModel

extension HealthEngine {
    /// Statistics of a quantity type over the samples the principal may see (an app without read permission sees
    /// its own): one for every matching sample, or one per interval of `request.intervals`. See docs/STATISTICS.md.
    ///
    /// Options that do not fit the type's aggregation style are `errorInvalidArgument`. The work follows the number
    /// of matching samples and of intervals: rows stream from the (type, start date) index, four numbers each; or,
    /// where the storage keeps statistics aggregates that give the same figures, the number of 15-minute buckets.
    /// `path` can rule out the aggregates (the reference computation) or the samples (``StatisticsPath``).
    package func statistics(_ request: StatisticsRequest, as principal: Principal, path: StatisticsPath = .fastest)
        async throws -> StatisticsResult
    {
        let type = request.type
        try request.options.validate(for: type)
        var predicate = request.predicate
        var window = Self.clipWindow(of: predicate)
        var range = request.range
        if let requested = request.range {
            let widened = request.intervals.map { Self.widen(requested, to: $0) } ?? requested
            range = widened
            let dates = PredicateTree.leaf(
                .sampleDates(SampleDateRange(start: widened.start, end: widened.end, options: [])))
            predicate = predicate.map { .and([$0, dates]) } ?? dates
            window = (
                max(window.start, widened.start.timeIntervalSince1970),
                min(window.end, widened.end.timeIntervalSince1970)
            )
        }
        let condition = try PredicateTranslation.condition(for: predicate, type: type)
        let visible = try await visibleSources(for: type.identifier, as: principal)
        if path != .samples,
            let result = try await aggregateStatistics(
                request, predicate: predicate, window: window, range: range, visibleSources: visible)
        {
            return result
        }
        if path == .aggregates {
            throw HKError.invalidArgument("The statistics aggregates cannot give this request's figures exactly")
        }
        let query = RowQuery(typeIdentifiers: [type.identifier], condition: condition, visibleSources: visible)
        let preferred = try await preferredSources(for: type)
        var computation: StatisticsComputation?
        try await storageCall {
            try await storage.forEachValue(
                query,
                sources: { sources in
                    computation = StatisticsComputation(
                        options: request.options, style: type.aggregationStyle, intervals: request.intervals,
                        sources: sources,
                        ranks: SourcePriority.ranks(of: sources, preferred: preferred), window: window)
                },
                { row in
                    try computation?.add(row)
                })
        }
        let buckets = try computation?.finish(hasIntervals: request.intervals != nil) ?? []
        return StatisticsResult(buckets: buckets, intervals: request.intervals, range: range)
    }

    /// The dates samples are clipped to: those of a plain date-range predicate (`predicateForSamples(withStart:end:
    /// options: [])`) standing alone or in a top-level AND, so that "today's steps" counts only the part of a walk
    /// after midnight, as a collection's daily interval does. Strict options select whole samples: no clipping.
    static func clipWindow(of predicate: PredicateTree?) -> (start: Double, end: Double) {
        var window = (start: -Double.infinity, end: Double.infinity)
        let parts: [PredicateTree]
        switch predicate {
        case .leaf(let leaf)?: parts = [.leaf(leaf)]
        case .and(let children)?: parts = children
        default: parts = []
        }
        for case .leaf(.sampleDates(let range)) in parts where range.options.isEmpty {
            if let start = range.start { window.start = max(window.start, start.timeIntervalSince1970) }
            if let end = range.end { window.end = min(window.end, end.timeIntervalSince1970) }
        }
        return window
    }

    /// `range` grown to whole intervals.
    static func widen(_ range: DateInterval, to intervals: StatisticsIntervals) -> DateInterval {
        let start = intervals.interval(containing: range.start).start
        let last = intervals.interval(containing: range.end)
        let end = last.start == range.end ? range.end : last.end
        return DateInterval(start: start, end: max(start, end))
    }
}
