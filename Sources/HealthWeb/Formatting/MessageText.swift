import Foundation
import OpenHealthKitModel

/// Sentences from the model and the importer as people read them on the pages: HealthKit's raw identifiers become
/// the names Health shows (`HKQuantityTypeIdentifierBodyMass requires a value of zero or more` → `Weight requires a
/// value of zero or more`), enumerations their words (`HKCategoryValueSeverity` → `Severity`).
enum MessageText {
    private static let typeIdentifier = try! NSRegularExpression(
        pattern: "HK(?:Quantity|Category|Correlation|Characteristic|Data)TypeIdentifier[A-Za-z0-9]+"
            + "|HKWorkoutTypeIdentifier|HKWorkoutRouteTypeIdentifier")
    private static let enumeration = try! NSRegularExpression(pattern: "HKCategoryValue([A-Za-z0-9]+)")

    /// The model's closing `Invalid quantity: -5 kg`: the form already shows what was typed, in the page's unit.
    private static let echoedValue = try! NSRegularExpression(pattern: " Invalid quantity: .*$")

    static func forPeople(_ message: String) -> String {
        var text = replace(typeIdentifier, in: message) { PageTypeNames.displayName($0[0]) }
        text = replace(enumeration, in: text) { PageTypeNames.words($0[1]) }
        return replace(echoedValue, in: text) { _ in "" }
    }

    /// `text` with every match of `pattern` replaced by what `replacement` makes of its groups (0: the match).
    private static func replace(
        _ pattern: NSRegularExpression, in text: String, with replacement: ([String]) -> String
    ) -> String {
        let nsText = text as NSString
        var result = ""
        var last = 0
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: nsText.length)) {
            result += nsText.substring(with: NSRange(location: last, length: match.range.location - last))
            let groups = (0..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : nsText.substring(with: match.range(at: $0))
            }
            result += replacement(groups)
            last = match.range.location + match.range.length
        }
        return result + nsText.substring(from: last)
    }
}
