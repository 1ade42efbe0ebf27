import Foundation
import HKCommandLine
import OpenHealthKitExchange
import OpenHealthKitWire

/// Dates from outside, in the three syntaxes OpenHealthKit reads: the export's (`2016-04-08 10:08:00 +0100`), the
/// wire's (seconds since 1970 or ISO 8601, as JSON) and `hk`'s (`2024-11-03`, `2024-11-03T01:30:00-07:00`). The same
/// text goes through all three. A date that reads is written back as its reader's writer writes it, and reads again
/// as the same instant: exactly for the export, to the second for `hk` (whose written form has no fraction), and for
/// the wire within a rounding step of seconds since 1970, after which it writes the same.
enum DateFuzzing {
    private static let utc = TimeZone(identifier: "UTC")!

    static func run(_ data: Data) -> Bool {
        let export = exportDate(data)
        let wire = wireDate(data)
        let text = String(decoding: data, as: UTF8.self)
        let commandLine = FuzzCheck.refusesOnlyAsInvalid("hk's date option") {
            let date = try CommandLineInput.date(text, timeZone: utc)
            let written = date.formatted(.iso8601)
            let again = try? CommandLineInput.date(written, timeZone: utc)
            FuzzCheck.require(
                again.map { abs($0.timeIntervalSince(date)) < 1 } ?? false,
                "hk read '\(text)' as \(written), which does not read back to the same second")
        }
        return export || wire || commandLine
    }

    private static func exportDate(_ data: Data) -> Bool {
        guard let date = data.withUnsafeBytes({ ExportDateParser.date($0.bindMemory(to: UInt8.self)) }) else {
            return false
        }
        var written = DateText.export(date.seconds, offset: date.utcOffset)
        let again = written.withUTF8 { ExportDateParser.date($0) }
        FuzzCheck.require(
            again == date,
            "the export date \(date) was written as '\(written)', which reads as \(String(describing: again))")
        return true
    }

    private static func wireDate(_ data: Data) -> Bool {
        var json = Data("[".utf8)
        json.append(data)
        json.append(Data("]".utf8))
        guard let dates = try? JSONDecoder().decode([WireDate].self, from: json) else { return false }
        for date in dates {
            // Seconds since 1970 cannot hold every `Date` (seconds since 2001) exactly: the first write may move a
            // date by a rounding step, well under a microsecond; from then on it reads and writes as itself.
            let written = encoded(date)
            guard let again = try? JSONDecoder().decode(WireDate.self, from: written) else {
                fatalError("fuzz property violated: the wire date \(date.date) does not read back from its own JSON")
            }
            FuzzCheck.require(
                abs(again.date.timeIntervalSince(date.date)) < 1e-6 && encoded(again) == written,
                "the wire date \(date.date) was written as \(String(decoding: written, as: UTF8.self)), which reads as \(again.date)"
            )
        }
        return true
    }

    private static func encoded(_ date: WireDate) -> Data {
        do { return try JSONEncoder().encode(date) } catch {
            fatalError("fuzz property violated: the wire date \(date.date) cannot be encoded: \(error)")
        }
    }
}
