import Foundation
import OpenHealthKitExchange

/// `hk import`'s progress on stderr: on a terminal one line rewritten in place (`\r`) at each report; otherwise (a
/// log, a pipe) a line every ``logInterval`` seconds and one at the end, so that logs stay short.
final class ImportProgressMeter {
    /// Seconds between two lines when stderr is not a terminal.
    static let logInterval: TimeInterval = 5

    private let isTerminal: Bool
    private var last: ImportProgress?
    private var lastLogged: TimeInterval = 0
    private var lineShown = false

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    func report(_ progress: ImportProgress) {
        last = progress
        if isTerminal {
            // Erase to the end of the line: the new text may be shorter than the old.
            write("\r" + Self.line(for: progress) + "\u{1B}[K")
            lineShown = true
        } else if progress.elapsed - lastLogged >= Self.logInterval {
            lastLogged = progress.elapsed
            write(Self.line(for: progress) + "\n")
        }
    }

    /// The import is done: the final figures, on a line of their own.
    func finish() {
        guard let last else { return }
        if isTerminal {
            write("\r" + Self.doneLine(for: last) + "\u{1B}[K\n")
        } else {
            write(Self.doneLine(for: last) + "\n")
        }
        lineShown = false
    }

    /// The import failed: ends the updating line, so that the error starts a line of its own.
    func abandon() {
        if lineShown { write("\n") }
        lineShown = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `42% 115.2 MB of 274.2 MB · 1,234,567 records · 38.2 MB/s · 152,104 records/s · 4.2 s left`
    static func line(for progress: ImportProgress) -> String {
        var parts: [String] = []
        if let fraction = progress.fractionCompleted, let total = progress.totalBytes {
            parts.append("\(Int(fraction * 100))% \(bytes(progress.bytesRead)) of \(bytes(total))")
        } else {
            parts.append(bytes(progress.bytesRead))
        }
        parts.append("\(grouped(progress.records)) records")
        parts.append("\(bytes(Int64(progress.bytesPerSecond)))/s")
        parts.append("\(grouped(Int(progress.recordsPerSecond))) records/s")
        if let remaining = progress.estimatedTimeRemaining {
            parts.append("\(duration(remaining)) left")
        }
        return parts.joined(separator: " · ")
    }

    /// `read 274.2 MB, 1,234,567 records in 7.2 s (38.2 MB/s, 152,104 records/s)`
    static func doneLine(for progress: ImportProgress) -> String {
        "read \(bytes(progress.bytesRead)), \(grouped(progress.records)) records in \(duration(progress.elapsed)) "
            + "(\(bytes(Int64(progress.bytesPerSecond)))/s, \(grouped(Int(progress.recordsPerSecond))) records/s)"
    }

    /// Decimal units, as file managers show sizes: `950 B`, `3.8 kB`, `274.2 MB`, `1.3 GB`.
    static func bytes(_ count: Int64) -> String {
        let units = ["kB", "MB", "GB", "TB"]
        guard count >= 1000 else { return "\(count) B" }
        var value = Double(count) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f ", value) + units[unit]
    }

    /// `1,234,567`, whatever the locale (the rest of `hk`'s output is locale-independent too).
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }

    /// `4.2 s`, `12:30`, `1:02:03`.
    static func duration(_ seconds: TimeInterval) -> String {
        if seconds < 59.95 { return String(format: "%.1f s", max(seconds, 0)) }
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
