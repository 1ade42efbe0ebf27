import Foundation
import OpenHealthKitEngine

/// `ActivitySummary` and the elements kept verbatim.
extension AppleXMLWriter {
    func activitySummary(_ summary: ActivitySummaryRow) throws {
        var element = XMLElementText("ActivitySummary", indent: 1)
        element.attribute("dateComponents", summary.date)
        element.attribute("activeEnergyBurned", summary.activeEnergyBurned.map(NumberText.shortest))
        element.attribute("activeEnergyBurnedGoal", summary.activeEnergyBurnedGoal.map(NumberText.shortest))
        if summary.activeEnergyBurned != nil || summary.activeEnergyBurnedGoal != nil {
            element.attribute("activeEnergyBurnedUnit", "kcal")
        }
        element.attribute("appleMoveTime", summary.appleMoveTime.map(NumberText.shortest))
        element.attribute("appleMoveTimeGoal", summary.appleMoveTimeGoal.map(NumberText.shortest))
        element.attribute("appleExerciseTime", summary.appleExerciseTime.map(NumberText.shortest))
        element.attribute("appleExerciseTimeGoal", summary.appleExerciseTimeGoal.map(NumberText.shortest))
        element.attribute("appleStandHours", summary.appleStandHours.map(NumberText.shortest))
        element.attribute("appleStandHoursGoal", summary.appleStandHoursGoal.map(NumberText.shortest))
        try write(element.empty)
        context.summary.activitySummaries += 1
    }

    /// The element as it was read: its name, its attributes, and its descendants as children (an import keeps them
    /// as one list).
    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws {
        var element = XMLElementText(record.element, indent: 1)
        for (name, value) in Self.stringDictionary(record.attributes).sorted(by: { $0.key < $1.key }) {
            element.attribute(name, value)
        }
        var children = ""
        if let json = record.children,
            let items = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        {
            for item in items {
                guard let name = item["element"] as? String else { continue }
                var child = XMLElementText(name, indent: 2)
                for (attribute, value) in ((item["attributes"] as? [String: Any]) ?? [:]).compactMapValues({
                    $0 as? String
                })
                .sorted(by: { $0.key < $1.key }) {
                    child.attribute(attribute, value)
                }
                children += child.empty
            }
        }
        try write(children.isEmpty ? element.empty : element.start + children + element.end)
        context.summary.unrecognizedRecords += 1
    }
}
