import Foundation

/// The first reading of a push: that it is JSON of Health Auto Export's shape (`{"data": {"metrics": [...],
/// "workouts": [...], ...}}`), and the name and unit of each metric, in order, so that the second reading knows them
/// before the metric's records arrive (a metric's `data` may come before its `name`).
///
/// Nothing is stored until this reading succeeds: a body that is not the format stores nothing.
struct AutoExportOutline {
    /// A metric's name and unit as the push names them (either nil when missing or not a string).
    struct Metric: Equatable {
        var name: String?
        var units: String?
    }

    /// The sections of `data` this version reads; others are skipped (a newer app's additions).
    static let sections: Set<String> = [
        "metrics", "workouts", "stateOfMind", "medications", "symptoms", "cycleTracking", "ecg",
        "heartRateNotifications",
    ]

    private(set) var metrics: [Metric] = []

    /// How many values one record of a section may hold (as ``JSONPullReader/value(startingWith:budget:)`` counts
    /// them): the first reading refuses a push with a larger one, so that the second reads every record it meets.
    static func recordBudget(_ section: String) -> Int {
        switch section {
        case "workouts": 4_000_000  // a route and heart rates by the thousand
        case "ecg": 2_000_000  // voltages, at most 200,000 with three values each
        default: 100_000
        }
    }

    /// Reads a whole document; throws ``AutoExportFormatError`` when it is not a push.
    init(reading reader: inout JSONPullReader) throws {
        try Self.expect(.beginObject, reader.next(), "the body must be a JSON object")
        var sawData = false
        while case .key(let name) = try reader.next() {
            let token = try reader.next()
            guard name == "data" else {
                try reader.skipValue(startingWith: token)
                continue
            }
            try Self.expect(.beginObject, token, "\"data\" must be an object")
            guard !sawData else { throw AutoExportFormatError("the body has two \"data\" objects") }
            sawData = true
            try readData(&reader)
        }
        guard sawData else { throw AutoExportFormatError("the body has no \"data\" object") }
        _ = try reader.next()  // .end: the reader refuses anything after the value.
    }

    private mutating func readData(_ reader: inout JSONPullReader) throws {
        while case .key(let section) = try reader.next() {
            let token = try reader.next()
            guard Self.sections.contains(section) else {
                try reader.skipValue(startingWith: token)
                continue
            }
            try Self.expect(.beginArray, token, "\"\(section)\" must be an array")
            while true {
                let element = try reader.next()
                if element == .endArray { break }
                try Self.expect(.beginObject, element, "each element of \"\(section)\" must be an object")
                if section == "metrics" {
                    metrics.append(try Self.readMetric(&reader))
                } else {
                    try reader.skipValue(startingWith: element, budget: Self.recordBudget(section))
                }
            }
        }
    }

    private static func readMetric(_ reader: inout JSONPullReader) throws -> Metric {
        var metric = Metric()
        while case .key(let key) = try reader.next() {
            let token = try reader.next()
            switch (key, token) {
            case ("name", .string(let name)): metric.name = name
            case ("units", .string(let units)): metric.units = units
            case ("data", .beginArray):
                while true {
                    let record = try reader.next()
                    if record == .endArray { break }
                    try expect(.beginObject, record, "each record of a metric's \"data\" must be an object")
                    try reader.skipValue(startingWith: record, budget: recordBudget("metrics"))
                }
            case ("data", _): throw AutoExportFormatError("a metric's \"data\" must be an array")
            default: try reader.skipValue(startingWith: token)
            }
        }
        return metric
    }

    private static func expect(_ expected: JSONPullReader.Token, _ token: JSONPullReader.Token, _ problem: String)
        throws
    {
        guard token == expected else { throw AutoExportFormatError(problem) }
    }
}

/// Why a body is not a Health Auto Export push: nothing of it is stored.
package struct AutoExportFormatError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
