public import Foundation

/// Something that happened during a workout: a pause, a resume, a lap, a marker...
///
/// Two events are equal when their types and date intervals are equal.
public final class HKWorkoutEvent: NSObject, @unchecked Sendable {
    /// The kind of event: pause, resume, lap, marker, segment...
    public let type: HKWorkoutEventType
    /// When it happened: a zero-length interval for a point in time, a longer one for a lap or a segment.
    public let dateInterval: DateInterval
    /// The event's metadata; nil when it has none.
    public let metadata: [String: Any]?

    /// When the event started: the start of ``dateInterval``.
    @available(*, deprecated, message: "Use dateInterval")
    public var date: Date { dateInterval.start }

    /// An event of this type over this interval: zero-length for a point in time (pause, resume, marker), covering
    /// the lap or segment otherwise.
    public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        self.type = type
        self.dateInterval = dateInterval
        self.metadata = metadata
        super.init()
    }

    /// An event of this type at a point in time, without metadata.
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }

    /// An event of this type at a point in time.
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date, metadata: [String: Any]) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: metadata)
    }

    /// Events are equal when their types and date intervals are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutEvent else { return false }
        return other.type == type && other.dateInterval == dateInterval
    }

    /// The hash of the type and the date interval.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(type)
        hasher.combine(dateInterval)
        return hasher.finalize()
    }

    /// The type and interval, for debugging.
    public override var description: String {
        "<HKWorkoutEvent type:\(type) (\(type.rawValue)), \(dateInterval.start) - \(dateInterval.end)>"
    }
}
