/// Reads the time of day of an `InstantaneousBeatsPerMinute`, which the export writes in the phone's locale:
/// `02:15:45,32`, `18:14:48.94`, `6:14:48.94 PM`, `下午6:14:48.94`, `오후 6:14:48.94`, or with Arabic-Indic digits.
enum BeatTimeParser {
    private static let afternoonMarkers = ["PM", "pm", "p.m.", "P.M.", "下午", "午後", "오후", "م"]
    private static let morningMarkers = ["AM", "am", "a.m.", "A.M.", "上午", "午前", "오전", "ص"]

    /// Seconds since midnight, or nil when the text holds no `h:mm:ss` time. Plain ASCII times (`02:15:45,32`,
    /// `6:14:48.94 PM`) are read from the bytes; others go through ``secondsOfDay(scalarsOf:)``.
    static func secondsOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var scanner = ByteScanner(bytes)
        scanner.skipSpaces()
        guard let first = scanner.digit() else { return secondsOfDay(scalarsOf: ExportText.string(bytes)) }
        var hour = first
        if let second = scanner.digit() { hour = hour * 10 + second }
        guard scanner.skip(":"), let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2)
        else {
            return secondsOfDay(scalarsOf: ExportText.string(bytes))
        }
        let fraction = scanner.fraction()
        scanner.skipSpaces()
        if scanner.skip(word: "PM") || scanner.skip(word: "pm") {
            guard (1...12).contains(hour) else { return nil }
            if hour < 12 { hour += 12 }
        } else if scanner.skip(word: "AM") || scanner.skip(word: "am") {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
        }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return secondsOfDay(scalarsOf: ExportText.string(bytes)) }
        guard hour < 24, minute < 60, second < 61 else { return nil }
        return Double(hour * 3_600 + minute * 60 + second) + fraction
    }

    /// Seconds since midnight, or nil when the text holds no `h:mm:ss` time: through the bytes, as the importer
    /// reads them.
    static func secondsOfDay(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { secondsOfDay($0) }
    }

    /// Any time the bytes' fast path does not read (other digits, markers, separators).
    private static func secondsOfDay(scalarsOf text: String) -> Double? {
        var numbers: [String] = []
        var separators: [Character] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if let digit = digitValue(scalar) {
                current.append(Character(String(digit)))
            } else {
                if !current.isEmpty {
                    numbers.append(current)
                    current = ""
                }
                if numbers.count > 0, scalar == ":" || scalar == "." || scalar == "," {
                    separators.append(Character(scalar))
                }
            }
        }
        if !current.isEmpty { numbers.append(current) }
        guard numbers.count >= 3, separators.count >= 2, separators[0] == ":", separators[1] == ":",
            var hour = Int(numbers[0]), let minute = Int(numbers[1]), let second = Int(numbers[2]),
            minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if numbers.count >= 4, separators.count >= 3, separators[2] != ":", let digits = Double("0." + numbers[3]) {
            fraction = digits
        }
        if afternoonMarkers.contains(where: text.contains) {
            guard (1...12).contains(hour) else { return nil }
            if hour < 12 { hour += 12 }
        } else if morningMarkers.contains(where: text.contains) {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
        }
        guard hour < 24 else { return nil }
        return Double(hour * 3_600 + minute * 60 + second) + fraction
    }

    /// ASCII, Arabic-Indic and Extended Arabic-Indic digits.
    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: return Int(scalar.value - 0x30)
        case 0x660...0x669: return Int(scalar.value - 0x660)
        case 0x6F0...0x6F9: return Int(scalar.value - 0x6F0)
        default: return nil
        }
    }

    /// Seconds from a sample's start to a beat at `secondsOfDay` (local time, the day the sample started or the
    /// next one: a beat list never spans a day).
    static func timeSinceStart(secondsOfDay: Double, start: ExportDate) -> Double {
        var offset = secondsOfDay - start.localSecondsOfDay
        if offset < -1 { offset += 86_400 }
        return max(offset, 0)
    }
}
