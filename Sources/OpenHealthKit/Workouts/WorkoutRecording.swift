import Foundation
import OpenHealthKitEngine

/// What a workout builder has collected so far, guarded by the builder's queue: its phase, dates, events, metadata,
/// activities and samples, and the rules HealthKit's builder applies to each addition.
struct WorkoutRecording {
    /// Where the builder is in its life: additions need `collecting`; after `finished` or `discarded` nothing more.
    enum Phase {
        case inactive, collecting, ended, finished, discarded
    }

    var phase = Phase.inactive
    var startDate: Date?
    var endDate: Date?
    var events: [HKWorkoutEvent] = []
    var metadata: [String: Any] = [:]
    var activities: [HKWorkoutActivity] = []
    /// The samples added, by UUID, and their order.
    private(set) var samples: [UUID: HKSample] = [:]
    private(set) var sampleOrder: [UUID] = []
    /// The quantity samples added, by type: what the statistics are computed from.
    private(set) var quantitySamples: [HKQuantityType: [HKQuantitySample]] = [:]

    /// `errorInvalidArgument` unless the builder is in one of `phases`, naming what it was asked to do.
    func require(_ phases: Phase..., to action: String) throws {
        guard phases.contains(phase) else {
            let reason: String
            switch phase {
            case .inactive: reason = "it has not begun collection"
            case .collecting: reason = "it is still collecting"
            case .ended: reason = "its collection has ended"
            case .finished: reason = "it has finished its workout"
            case .discarded: reason = "it was discarded"
            }
            throw HKError.invalidArgument("The workout builder cannot \(action): \(reason)")
        }
    }

    /// Whether a sample with this UUID was added.
    func contains(_ uuid: UUID) -> Bool { samples[uuid] != nil }

    /// Adds samples not added before; returns the types of those it added.
    @discardableResult
    mutating func add(_ new: [HKSample]) -> Set<HKSampleType> {
        var types: Set<HKSampleType> = []
        for sample in new where samples[sample.uuid] == nil {
            samples[sample.uuid] = sample
            sampleOrder.append(sample.uuid)
            types.insert(sample.sampleType)
            if let quantity = sample as? HKQuantitySample {
                quantitySamples[quantity.quantityType, default: []].append(quantity)
            }
        }
        return types
    }

    /// A sample may join the workout only from its start on (and up to its end, once set).
    func checkDates(of samples: [HKSample]) throws {
        guard let start = startDate else { return }
        for sample in samples where sample.startDate < start || endDate.map({ sample.startDate > $0 }) == true {
            throw HKError.invalidArgument(
                "The sample \(sample.uuid) starts outside the workout (\(start) - \(endDate.map { "\($0)" } ?? "…"))")
        }
    }

    /// Events must lie within the workout, and the first pause or resume can only be a pause: workouts begin running.
    func checkEvents(_ new: [HKWorkoutEvent]) throws {
        for event in new {
            try SampleValidation.validateDates(start: event.dateInterval.start, end: event.dateInterval.end)
        }
        guard let start = startDate else { return }
        for event in new {
            guard event.dateInterval.start >= start, endDate.map({ event.dateInterval.end <= $0 }) ?? true else {
                throw HKError.invalidArgument("Workout event (\(event)) did not occur during this workout")
            }
            try MetadataValidation.validate(event.metadata)
        }
        let toggles = WorkoutActiveTime.ascending(events + new).filter {
            [.pause, .resume, .motionPaused, .motionResumed].contains($0.type)
        }
        if let first = toggles.first, first.type == .resume || first.type == .motionResumed {
            throw HKError.invalidArgument("First event cannot be resume, workouts begin in the running state")
        }
    }

    /// Activities lie within the workout and do not overlap one another.
    func checkActivity(_ activity: HKWorkoutActivity) throws {
        if let start = startDate, activity.startDate < start {
            throw HKError.invalidArgument("The activity \(activity.uuid) starts before the workout")
        }
        if activities.contains(where: { $0.uuid == activity.uuid }) {
            throw HKError.invalidArgument("The activity \(activity.uuid) was added already")
        }
        let end = activity.endDate ?? .distantFuture
        for other in activities where other.startDate < end && (other.endDate ?? .distantFuture) > activity.startDate {
            throw HKError.invalidArgument("The activity \(activity.uuid) overlaps the activity \(other.uuid)")
        }
    }

    /// The active time from the start to `date` (at most the end), less the paused time.
    func elapsedTime(at date: Date) -> TimeInterval {
        guard let start = startDate else { return 0 }
        let end = min(date, endDate ?? date)
        return WorkoutActiveTime.seconds(from: start, to: end, events: events)
    }

    /// The statistics of one type's samples, within the workout (or `span`).
    func statistics(for type: HKQuantityType, within span: DateInterval? = nil) -> HKStatistics? {
        guard var samples = quantitySamples[type], let start = span?.start ?? startDate else { return nil }
        if let span { samples = samples.filter { span.contains($0.startDate) } }
        let window = DateInterval(start: start, end: max(start, span?.end ?? endDate ?? .distantFuture))
        let statistics = try? SampleSetStatistics.statistics(
            of: type, samples: samples, window: window.end == .distantFuture ? nil : window)
        return statistics
    }

    /// The statistics of every type with samples.
    func allStatistics(within span: DateInterval? = nil) -> [HKQuantityType: HKStatistics] {
        var all: [HKQuantityType: HKStatistics] = [:]
        for type in quantitySamples.keys { all[type] = statistics(for: type, within: span) }
        return all
    }
}
