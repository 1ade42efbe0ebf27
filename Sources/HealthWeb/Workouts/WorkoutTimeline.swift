import Foundation
import OpenHealthKitModel

/// A workout's events along its time, for the `workout-timeline` template's SVG (one unit is a thousandth of the
/// workout): the pauses as grey spans (from each pause to the next resume, as the workout's running spans leave
/// them), the segments as spans on a lane below, the laps and markers as ticks; and the same events as a list.
struct WorkoutTimeline: Sendable, Equatable {
    static let width = 1000.0

    struct Span: Sendable, Equatable {
        let x, width: String
        let title: String
    }

    struct Tick: Sendable, Equatable {
        let x: String
        /// `lap` or `marker`.
        let kind: String
        let title: String
    }

    /// A row of the list of events.
    struct Row: Sendable, Equatable {
        let name: String
        /// Time since the workout's start, `12:03`.
        let at: String
        let clock: String
        /// How long it lasted, when it has a duration.
        let lasted: String?
    }

    let pauses: [Span]
    let segments: [Span]
    let ticks: [Tick]
    let rows: [Row]

    /// `running`: the workout's running spans (``WorkoutActiveTime/intervals(from:to:events:)``).
    init(start: Date, end: Date, events: [HKWorkoutEvent], running: [DateInterval], clock: (Date) -> String) {
        let seconds = max(1, end.timeIntervalSince(start))
        func x(_ date: Date) -> Double { min(max(0, date.timeIntervalSince(start) / seconds), 1) * Self.width }
        func span(_ from: Date, _ to: Date, _ title: String) -> Span {
            Span(x: RouteDrawing.number(x(from)), width: RouteDrawing.number(max(2, x(to) - x(from))), title: title)
        }
        let bounds = [start] + running.flatMap { [$0.start, $0.end] } + [end]
        pauses = stride(from: 0, to: bounds.count - 1, by: 2).compactMap { index in
            let (from, to) = (bounds[index], bounds[index + 1])
            return to > from ? span(from, to, "Paused " + WorkoutPace.duration(to.timeIntervalSince(from))) : nil
        }
        let ordered = WorkoutActiveTime.ascending(events)
        segments = ordered.filter { $0.type == .segment }.map {
            span(
                $0.dateInterval.start, $0.dateInterval.end, "Segment " + WorkoutPace.duration($0.dateInterval.duration))
        }
        ticks = ordered.filter { $0.type == .lap || $0.type == .marker }.map {
            Tick(
                x: RouteDrawing.number(x($0.dateInterval.start)), kind: $0.type == .lap ? "lap" : "marker",
                title: Self.name($0.type) + " at "
                    + WorkoutPace.duration($0.dateInterval.start.timeIntervalSince(start)))
        }
        rows = ordered.map { event in
            Row(
                name: Self.name(event.type),
                at: WorkoutPace.duration(max(0, event.dateInterval.start.timeIntervalSince(start))),
                clock: clock(event.dateInterval.start),
                lasted: event.dateInterval.duration > 0 ? WorkoutPace.duration(event.dateInterval.duration) : nil)
        }
    }

    /// An event type as people read it.
    static func name(_ type: HKWorkoutEventType) -> String {
        switch type {
        case .pause: "Pause"
        case .resume: "Resume"
        case .lap: "Lap"
        case .marker: "Marker"
        case .motionPaused: "Auto-Pause"
        case .motionResumed: "Auto-Resume"
        case .segment: "Segment"
        case .pauseOrResumeRequest: "Pause or Resume Request"
        }
    }
}
