import Foundation

/// An import's figures as the Import page shows them: `42% · 115.2 MB of 274.2 MB · 1,234,567 records · 38.2 MB/s ·
/// 4 s left`.
enum ProgressText {
    static func line(_ progress: ImportProgressReport) -> String {
        var parts: [String] = []
        if let percent = percent(progress), let total = progress.totalBytes {
            parts.append("\(percent)%")
            parts.append("\(bytes(progress.bytesRead)) of \(bytes(total))")
        } else {
            parts.append(bytes(progress.bytesRead))
        }
        parts.append("\(count(progress.records)) records")
        if progress.elapsed > 0 {
            parts.append("\(bytes(Int64(WholeNumber.clamped(Double(progress.bytesRead) / progress.elapsed))))/s")
            if let total = progress.totalBytes, progress.bytesRead > 0 {
                let left = Double(max(total - progress.bytesRead, 0)) * progress.elapsed / Double(progress.bytesRead)
                parts.append(duration(left) + " left")
            }
        }
        return parts.joined(separator: " · ")
    }

    /// 0–100, when the document's size is known.
    static func percent(_ progress: ImportProgressReport) -> Int? {
        guard let total = progress.totalBytes, total > 0 else { return nil }
        return Int(min(Double(progress.bytesRead) / Double(total), 1) * 100)
    }

    /// Decimal units, as file managers show sizes: `950 B`, `3.8 kB`, `274.2 MB`, `16 GB`.
    static func bytes(_ count: Int64) -> String {
        guard count >= 1000 else { return "\(count) B" }
        var value = Double(count) / 1000
        var unit = 0
        let units = ["kB", "MB", "GB", "TB"]
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return PageNumberText.format((value * 10).rounded() / 10) + " " + units[unit]
    }

    /// `1,234,567`.
    static func count(_ number: Int) -> String {
        PageNumberText.format(Double(number))
    }

    /// `4 s`, `12 min`, `1 h 5 min`.
    static func duration(_ seconds: TimeInterval) -> String {
        let whole = WholeNumber.clamped(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\((whole + 59) / 60) min" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
