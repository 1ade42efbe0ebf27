import CoreFoundation  // where Swift finds the C `timespec`/`timeval` this file reads
import Foundation

/// What a piece of work cost: wall-clock time, and CPU time of the whole process (every thread) meanwhile.
///
/// On a shared machine the wall clock also counts the time other processes held the cores; CPU time does not.
struct Timing {
    var wall: Double
    var cpu: Double

    static var metrics: [(name: String, value: KeyPath<Timing, Double>)] { [("wall", \.wall), ("CPU", \.cpu)] }
}

enum Measure {
    static func time(_ body: () throws -> Void) rethrows -> Timing {
        let start = (ContinuousClock.now, processCPUTime())
        try body()
        return Timing(wall: (ContinuousClock.now - start.0).seconds, cpu: processCPUTime() - start.1)
    }

    static func time(_ body: () async throws -> Void) async rethrows -> Timing {
        let start = (ContinuousClock.now, processCPUTime())
        try await body()
        return Timing(wall: (ContinuousClock.now - start.0).seconds, cpu: processCPUTime() - start.1)
    }

    /// Times `baseline` and `engine` alternately, `runs` times after one untimed round that warms the caches, so
    /// that both see the same machine load: the medians of their wall times (seconds) and of the rounds' ratios.
    static func alternately(runs: Int, baseline: () throws -> Void, engine: () throws -> Void) throws
        -> (baseline: Double, engine: Double, ratio: Double)
    {
        try baseline()
        try engine()
        var baselines: [Double] = [], engines: [Double] = [], ratios: [Double] = []
        for _ in 0..<max(1, runs) {
            let baselineTime = try time(baseline).wall
            let engineTime = try time(engine).wall
            baselines.append(baselineTime)
            engines.append(engineTime)
            ratios.append(engineTime / baselineTime)
        }
        return (median(baselines), median(engines), median(ratios))
    }

    /// Each component's median.
    static func median(_ timings: [Timing]) -> Timing {
        Timing(wall: median(timings.map(\.wall)), cpu: median(timings.map(\.cpu)))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// A plain text table, columns padded to their widest cell.
struct Table {
    let header: [String]
    var rows: [[String]] = []

    init(_ header: String...) {
        self.header = header
    }

    mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { index, pair in
                index == 0
                    ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: pair.1 - pair.0.count) + pair.0
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// Number formats for the tables.
enum Format {
    static func count(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value.rounded())) ?? "\(value)"
    }

    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1000)
    }

    static func seconds(_ seconds: Double) -> String {
        String(format: "%.2f s", seconds)
    }

    static func ratio(_ value: Double) -> String {
        String(format: "%.2fx", value)
    }
}
