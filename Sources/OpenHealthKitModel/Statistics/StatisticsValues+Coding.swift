import Foundation

extension StatisticsValues {
    /// Archives the figures that are set, each under `prefix` and its name (see `HKStatistics.encode(with:)`).
    func encode(with coder: NSCoder, prefix: String) {
        coder.encode(true, forKey: prefix + "present")
        coder.encodeOptionalDouble(sum, forKey: prefix + "sum")
        coder.encodeOptionalDouble(average, forKey: prefix + "average")
        coder.encodeOptionalDouble(minimum, forKey: prefix + "minimum")
        coder.encodeOptionalDouble(maximum, forKey: prefix + "maximum")
        coder.encodeOptionalDouble(mostRecent, forKey: prefix + "mostRecent")
        coder.encodeDate(mostRecentInterval?.start, forKey: prefix + "mostRecentStart")
        coder.encodeDate(mostRecentInterval?.end, forKey: prefix + "mostRecentEnd")
        coder.encodeOptionalDouble(duration, forKey: prefix + "duration")
    }

    /// The figures archived under `prefix`; nil when none were (an interval without data).
    init?(coder: NSCoder, prefix: String) {
        guard coder.containsValue(forKey: prefix + "present") else { return nil }
        var interval: DateInterval?
        if let start = coder.decodeDate(forKey: prefix + "mostRecentStart"),
            let end = coder.decodeDate(forKey: prefix + "mostRecentEnd"), start <= end
        {
            interval = DateInterval(start: start, end: end)
        }
        self.init(
            sum: coder.decodeOptionalDouble(forKey: prefix + "sum"),
            average: coder.decodeOptionalDouble(forKey: prefix + "average"),
            minimum: coder.decodeOptionalDouble(forKey: prefix + "minimum"),
            maximum: coder.decodeOptionalDouble(forKey: prefix + "maximum"),
            mostRecent: coder.decodeOptionalDouble(forKey: prefix + "mostRecent"), mostRecentInterval: interval,
            duration: coder.decodeOptionalDouble(forKey: prefix + "duration"))
    }
}
