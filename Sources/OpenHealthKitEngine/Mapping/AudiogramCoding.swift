package import Foundation
package import OpenHealthKitModel

/// An audiogram's points as storage rows, in the vocabulary of Apple's export (`SensitivityPoint`): the frequency in
/// Hz and each ear's sensitivity in dBHL in columns; the rest in the row's attributes, as the export names them
/// (`leftEarMasked` `YES`, `leftEarClampingRangeLowerBound`, …), so that an imported point and a saved one read the
/// same. Each ear's first unmasked test (else its first test) fills the columns. A point the columns do not describe
/// exactly (two tests of an ear, or the right ear's test before the left one's) also keeps every test, in order, in
/// the attribute `tests` (a JSON array), which is read instead of the columns.
package enum AudiogramCoding {
    /// The rows of `points`, by position.
    package static func rows(for points: [HKAudiogramSensitivityPoint], sample uuid: UUID) -> [AudiogramPointRow] {
        points.enumerated().map { position, point in
            var attributes: [String: String] = [:]
            var primary: [HKAudiogramSensitivityTestSide: HKAudiogramSensitivityTest] = [:]
            for side in [HKAudiogramSensitivityTestSide.left, .right] {
                let ear = point.tests.filter { $0.side == side }
                guard let chosen = ear.first(where: { !$0.masked }) ?? ear.first else { continue }
                primary[side] = chosen
                let prefix = side == .left ? "leftEar" : "rightEar"
                if chosen.masked { attributes[prefix + "Masked"] = "YES" }
                if let range = chosen.clampingRange {
                    attributes[prefix + "ClampingRangeLowerBound"] = range.lower.map(text)
                    attributes[prefix + "ClampingRangeUpperBound"] = range.upper.map(text)
                }
            }
            let columns = [primary[.left], primary[.right]].compactMap { $0 }
            if columns.count != point.tests.count || zip(columns, point.tests).contains(where: { $0 !== $1 }) {
                attributes[testsKey] = json(point.tests)
            }
            return AudiogramPointRow(
                sampleUUID: uuid, position: position, frequency: point.hertz, leftEar: primary[.left]?.decibels,
                rightEar: primary[.right]?.decibels, attributes: attributes.isEmpty ? nil : encode(attributes))
        }
    }

    /// The points of stored rows (imported ones included): every test of the `tests` attribute, else each ear's
    /// column as an air-conducted test with its masking and clamping attributes.
    package static func points(from rows: [AudiogramPointRow]) -> [HKAudiogramSensitivityPoint] {
        rows.sorted { $0.position < $1.position }.map { row in
            let attributes = decode(row.attributes)
            if let tests = attributes[testsKey].map(tests(from:)), !tests.isEmpty {
                return HKAudiogramSensitivityPoint(hertz: row.frequency, tests: tests)
            }
            var tests: [HKAudiogramSensitivityTest] = []
            for (side, decibels) in [(HKAudiogramSensitivityTestSide.left, row.leftEar), (.right, row.rightEar)] {
                guard let decibels else { continue }
                let prefix = side == .left ? "leftEar" : "rightEar"
                tests.append(
                    HKAudiogramSensitivityTest(
                        decibels: decibels, type: .air, masked: isYes(attributes[prefix + "Masked"]), side: side,
                        clampingRange: range(
                            lower: attributes[prefix + "ClampingRangeLowerBound"],
                            upper: attributes[prefix + "ClampingRangeUpperBound"])))
            }
            return HKAudiogramSensitivityPoint(hertz: row.frequency, tests: tests)
        }
    }

    private static let testsKey = "tests"

    /// Apple's exports write booleans as `YES`/`NO`; `1` and `true` are read as yes too.
    private static func isYes(_ text: String?) -> Bool {
        guard let text = text?.lowercased() else { return false }
        return text == "yes" || text == "1" || text == "true"
    }

    private static func range(lower: String?, upper: String?) -> HKAudiogramSensitivityPointClampingRange? {
        let lower = lower.flatMap(Double.init), upper = upper.flatMap(Double.init)
        guard lower != nil || upper != nil else { return nil }
        return HKAudiogramSensitivityPointClampingRange(lower: lower, upper: upper)
    }

    /// The shortest text that reads back as exactly `value`.
    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    private static func json(_ tests: [HKAudiogramSensitivityTest]) -> String {
        let objects: [[String: Any]] = tests.map { test in
            var object: [String: Any] = [
                "side": test.side.rawValue, "type": test.type.rawValue, "masked": test.masked,
                "sensitivity": test.decibels,
            ]
            if let lower = test.clampingRange?.lower { object["lower"] = lower }
            if let upper = test.clampingRange?.upper { object["upper"] = upper }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func tests(from text: String) -> [HKAudiogramSensitivityTest] {
        guard let objects = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        else { return [] }
        return objects.compactMap { object in
            guard
                let side = (object["side"] as? NSNumber).flatMap({
                    HKAudiogramSensitivityTestSide(rawValue: $0.intValue)
                }),
                let type = (object["type"] as? NSNumber).flatMap({ HKAudiogramConductionType(rawValue: $0.intValue) }),
                let decibels = (object["sensitivity"] as? NSNumber)?.doubleValue
            else { return nil }
            let lower = (object["lower"] as? NSNumber)?.doubleValue, upper = (object["upper"] as? NSNumber)?.doubleValue
            return HKAudiogramSensitivityTest(
                decibels: decibels, type: type, masked: (object["masked"] as? NSNumber)?.boolValue ?? false,
                side: side,
                clampingRange: lower == nil && upper == nil
                    ? nil : HKAudiogramSensitivityPointClampingRange(lower: lower, upper: upper))
        }
    }

    private static func encode(_ attributes: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: attributes, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func decode(_ json: String?) -> [String: String] {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return [:]
        }
        return object.compactMapValues { $0 as? String }
    }
}
