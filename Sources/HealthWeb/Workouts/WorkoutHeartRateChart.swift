import Foundation

/// A workout's heart rate drawn through its time, computed here for the `workout-heart-rate` template's SVG: time
/// from the workout's start (left) to its end (right), beats per minute upwards from ten below the lowest reading to
/// ten above the highest (rounded to tens), the lower bounds of the heart rate zones as dashed lines. The line breaks
/// where two readings are more than ``HeartRateZones/maximumHold`` apart: a gap is not drawn as data. A reading with
/// no neighbour close enough is a dot.
struct WorkoutHeartRateChart: Sendable, Equatable {
    static let width = 600.0
    static let height = 200.0
    /// The plotting area: room for the beats at the left, the times below.
    /// Room for the labels at a phone's size (19 units, about 11 px there): three digits left of the plot, and the
    /// top tick's and Zone 5's labels above it.
    static let left = 50.0, right = 592.0, top = 24.0, bottom = 176.0

    struct Line: Sendable, Equatable { let points: String }
    struct Dot: Sendable, Equatable { let x, y: String }
    struct Tick: Sendable, Equatable {
        let x, y, label: String
        /// `middle`, or `end` for a label at the right edge (so that it is not cut).
        var anchor = "middle"
    }

    let lines: [Line]
    let dots: [Dot]
    /// Beats per minute along the left.
    let beats: [Tick]
    /// Minutes since the start along the bottom.
    let times: [Tick]
    /// The zones' lower bounds inside the chart's range: dashed lines, labelled with their zone.
    let zoneLines: [Tick]
    let label: String

    /// The chart of `readings` over `start`...`end`; nil without a reading.
    init?(
        _ readings: [(date: Date, beatsPerMinute: Double)], start: Date, end: Date, zones: HeartRateZones
    ) {
        let ordered = readings.sorted { $0.date < $1.date }
        guard let lowest = ordered.map(\.beatsPerMinute).min(), let highest = ordered.map(\.beatsPerMinute).max(),
            end > start
        else { return nil }
        let floor = ((lowest - 10) / 10).rounded(.down) * 10, ceiling = ((highest + 10) / 10).rounded(.up) * 10
        let seconds = end.timeIntervalSince(start)
        func x(_ date: Date) -> Double {
            Self.left + date.timeIntervalSince(start) / seconds * (Self.right - Self.left)
        }
        func y(_ beats: Double) -> Double {
            Self.bottom - (beats - floor) / (ceiling - floor) * (Self.bottom - Self.top)
        }
        var runs: [[(date: Date, beatsPerMinute: Double)]] = []
        for reading in ordered {
            if let last = runs.last?.last, reading.date.timeIntervalSince(last.date) <= HeartRateZones.maximumHold {
                runs[runs.count - 1].append(reading)
            } else {
                runs.append([reading])
            }
        }
        let n = RouteDrawing.number
        lines = runs.filter { $0.count > 1 }.map { run in
            Line(points: run.map { n(x($0.date)) + "," + n(y($0.beatsPerMinute)) }.joined(separator: " "))
        }
        dots = runs.filter { $0.count == 1 }.map { Dot(x: n(x($0[0].date)), y: n(y($0[0].beatsPerMinute))) }
        let step = ceiling - floor > 100 ? 40.0 : 20.0
        beats = stride(from: floor, through: ceiling, by: step).map {
            Tick(x: n(Self.left - 6), y: n(y($0) + 4), label: PageNumberText.format($0))
        }
        let minutes = seconds / 60
        let minuteStep = [1.0, 5, 10, 15, 30, 60, 120].first { minutes / $0 <= 6 } ?? 240
        times = stride(from: 0, through: minutes, by: minuteStep).map {
            let at = x(start.addingTimeInterval($0 * 60))
            return Tick(
                x: n(at), y: n(Self.height - 4), label: "\(WholeNumber.clamped($0)) min",
                anchor: at > Self.right - 20 ? "end" : "middle")
        }
        zoneLines = zip(zones.lowerBounds, 2...5).filter { $0.0 > floor && $0.0 < ceiling }.map {
            Tick(x: n(Self.right), y: n(y($0.0)), label: "Zone \($0.1)")
        }
        label =
            "Heart rate from \(PageNumberText.format(lowest)) to \(PageNumberText.format(highest)) BPM, "
            + "\(ordered.count) readings"
    }
}
