import Foundation
import OpenHealthKitModel

/// An electrocardiogram as a Health export's `electrocardiograms/*.csv` file holds it.
///
/// Apple's layout: a header of `key,value` lines (values quoted when they hold a comma), in this order — name, date
/// of birth, recorded date, classification, symptoms, software version, device, sample rate, then (after blank
/// lines) lead and unit — and then one voltage per line. The file follows the phone's language: keys and texts are
/// translated (`Aufzeichnungsdatum,…`, `Klassifizierung,Sinusrhythmus`), numbers may have a decimal comma
/// (`-265,868`, `511,422 Hertz`, a no-break space before the unit), while the recorded date is always written
/// `yyyy-MM-dd HH:mm:ss ±hhmm`. Keys are read in English and German; in other languages each line is placed by its
/// position. The name and date of birth are not kept.
struct ElectrocardiogramFile: Equatable {
    /// The recording's start, seconds since 1970, and the UTC offset it was written in.
    var recordedDate: ExportDate
    var classification: HKElectrocardiogram.Classification
    var symptomsStatus: HKElectrocardiogram.SymptomsStatus
    /// The symptom types the `Symptoms` line names (those that have a HealthKit category type).
    var symptoms: [HKCategoryTypeIdentifier]
    var softwareVersion: String?
    var device: String?
    /// Samples per second.
    var samplingFrequency: Double
    var lead: HKElectrocardiogram.Lead
    /// The voltages in microvolts, in time order.
    var microvolts: [Double]

    /// The most voltages a file may hold (an Apple Watch recording holds about 15,360: 30 s at 512 Hz).
    static let maximumVoltages = 1_000_000

    /// Why a file could not be read.
    struct Failure: Error, Equatable {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }

    /// The fields of the header, by meaning.
    enum Field: CaseIterable {
        case name, dateOfBirth, recordedDate, classification, symptoms, softwareVersion, device, sampleRate, lead
        case unit

        /// The keys the field has in the languages whose exports were observed (folded: lowercased, without
        /// diacritics or spaces).
        var keys: Set<String> {
            switch self {
            case .name: ["name"]
            case .dateOfBirth: ["dateofbirth", "geburtstag", "geburtsdatum"]
            case .recordedDate: ["recordeddate", "aufzeichnungsdatum"]
            case .classification: ["classification", "klassifizierung"]
            case .symptoms: ["symptoms", "symptome"]
            case .softwareVersion: ["softwareversion"]
            case .device: ["device", "gerat"]
            case .sampleRate: ["samplerate", "messrate", "abtastrate"]
            case .lead: ["lead", "ableitung"]
            case .unit: ["unit", "einheit"]
            }
        }
    }

    /// Reads a file's text; a file that is not an electrocardiogram, or misses what one needs (a recorded date, a
    /// sample rate, a known unit, voltages), is a ``Failure`` naming the problem.
    static func parse(_ text: String) throws(Failure) -> ElectrocardiogramFile {
        var header: [Field: String] = [:]
        var headerLines = 0
        var microvolts: [Double] = []
        var scale: Double?
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}")))
            if line.isEmpty { continue }
            if let value = number(line) {
                if scale == nil { scale = try unitScale(header[.unit]) }
                guard microvolts.count < maximumVoltages else {
                    throw Failure("it holds more than \(maximumVoltages) voltages")
                }
                microvolts.append(value * scale!)
                continue
            }
            guard microvolts.isEmpty else { throw Failure("line \(lineNumber) is not a voltage: \(line)") }
            let (key, value) = keyAndValue(line)
            let folded = fold(key)
            let field =
                Field.allCases.first { $0.keys.contains(folded) }
                ?? (headerLines < Field.allCases.count ? Field.allCases[headerLines] : nil)
            headerLines += 1
            if let field, header[field] == nil { header[field] = value }
        }
        guard let dateText = header[.recordedDate], let recordedDate = exportDate(dateText) else {
            throw Failure("it has no recorded date of the form yyyy-MM-dd HH:mm:ss ±hhmm")
        }
        guard let rateText = header[.sampleRate], let samplingFrequency = leadingNumber(rateText), samplingFrequency > 0
        else {
            throw Failure("it has no sample rate (\(header[.sampleRate].map { "\"\($0)\"" } ?? "none"))")
        }
        guard !microvolts.isEmpty else { throw Failure("it holds no voltage") }
        let (status, symptoms) = ElectrocardiogramTexts.symptoms(header[.symptoms] ?? "")
        return ElectrocardiogramFile(
            recordedDate: recordedDate,
            classification: ElectrocardiogramTexts.classification(header[.classification] ?? ""),
            symptomsStatus: status, symptoms: symptoms, softwareVersion: nonEmpty(header[.softwareVersion]),
            device: nonEmpty(header[.device]), samplingFrequency: samplingFrequency,
            lead: .appleWatchSimilarToLeadI, microvolts: microvolts)
    }

    /// A line that is one number, with a decimal point or comma (`-48.673`, `-265,868`, `12`); nil otherwise.
    static func number(_ line: String) -> Double? {
        var sawDigit = false, sawSeparator = false
        for (index, character) in line.enumerated() {
            if character.isASCII, character.isNumber {
                sawDigit = true
            } else if (character == "-" || character == "+") && index == 0 {
                continue
            } else if (character == "." || character == ",") && !sawSeparator {
                sawSeparator = true
            } else {
                return nil
            }
        }
        guard sawDigit, let value = Double(line.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            return nil
        }
        return value
    }

    /// The number a text starts with (`512.844 hertz`, `511,422 Hertz`); nil when it starts with none.
    static func leadingNumber(_ text: String) -> Double? {
        let prefix = text.prefix { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" }
        return number(String(prefix))
    }

    /// How many microvolts one voltage of the file's unit is: `µV` (either mu), `uV`, `mV`; an unknown or missing
    /// unit is a failure.
    private static func unitScale(_ unit: String?) throws(Failure) -> Double {
        switch unit?.lowercased() {
        case "µv", "μv", "uv", "microvolts": return 1
        case "mv", "millivolts": return 1_000
        default: throw Failure("its voltages have no known unit (\(unit.map { "\"\($0)\"" } ?? "none"))")
        }
    }

    /// `key,value`, the value unquoted when quoted (`Device,"Watch5,4"`); a line without a comma is a key alone.
    private static func keyAndValue(_ line: String) -> (String, String) {
        guard let comma = line.firstIndex(of: ",") else { return (line, "") }
        var value = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
        }
        return (String(line[..<comma]), value)
    }

    /// A key as compared: lowercased, without diacritics, spaces or punctuation.
    private static func fold(_ key: String) -> String {
        key.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).filter(\.isLetter)
    }

    private static func exportDate(_ text: String) -> ExportDate? {
        var text = text
        return text.withUTF8 { ExportDateParser.date($0) }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
