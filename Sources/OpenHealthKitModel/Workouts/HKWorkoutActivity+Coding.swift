public import Foundation

extension HKWorkoutActivity: NSSecureCoding {
    /// Activities are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the activity: UUID, configuration, dates, metadata, active time, events and statistics.
    public func encode(with coder: NSCoder) {
        coder.encodeUUID(uuid, forKey: "uuid")
        coder.encode(workoutConfiguration, forKey: "workoutConfiguration")
        coder.encodeDate(startDate, forKey: "startDate")
        coder.encodeDate(endDate, forKey: "endDate")
        coder.encodeMetadata(metadata, forKey: "metadata")
        coder.encode(duration, forKey: "duration")
        coder.encode(workoutEvents as NSArray, forKey: "workoutEvents")
        coder.encodeStatistics(allStatistics, forKey: "allStatistics")
    }

    /// Unarchives an activity; nil without a UUID, a configuration, a start, its events and statistics, with an end
    /// before the start or with metadata that is not metadata.
    public convenience init?(coder: NSCoder) {
        guard let uuid = coder.decodeUUID(forKey: "uuid"),
            let configuration = coder.decodeIfPresent(HKWorkoutConfiguration.self, forKey: "workoutConfiguration"),
            let start = coder.decodeDate(forKey: "startDate"),
            let events = coder.decodeArray(of: HKWorkoutEvent.self, forKey: "workoutEvents"),
            let statistics = coder.decodeStatistics(forKey: "allStatistics"),
            case .success(let metadata) = coder.decodeMetadata(forKey: "metadata")
        else { return nil }
        let end = coder.decodeDate(forKey: "endDate")
        if let end, end < start { return nil }
        self.init(
            uuid: uuid, configuration: configuration, start: start, end: end, metadata: metadata,
            duration: coder.decodeDouble(forKey: "duration"), events: events, statistics: statistics)
    }
}
