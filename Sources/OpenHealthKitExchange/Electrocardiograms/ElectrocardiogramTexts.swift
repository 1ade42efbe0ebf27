import Foundation
import OpenHealthKitModel

/// The texts of an electrocardiogram file's classification and symptoms lines, read and written: the English ones
/// Apple writes (and the German ones seen in exports) to HealthKit's values, and back to English.
enum ElectrocardiogramTexts {
    /// The classification a text names (folded); unknown texts are `unrecognized`, an empty one `notSet`.
    static func classification(_ text: String) -> HKElectrocardiogram.Classification {
        let folded = fold(text)
        if folded.isEmpty { return .notSet }
        if let known = classifications[folded] { return known }
        // The heart rate bounds follow the watch's generation: "Heart Rate Over 120", "Heart Rate Over 150".
        if folded.hasPrefix("heart rate over") { return .inconclusiveHighHeartRate }
        if folded.hasPrefix("heart rate under") { return .inconclusiveLowHeartRate }
        return .unrecognized
    }

    private static let classifications: [String: HKElectrocardiogram.Classification] = [
        "sinus rhythm": .sinusRhythm, "sinusrhythmus": .sinusRhythm,
        "atrial fibrillation": .atrialFibrillation, "vorhofflimmern": .atrialFibrillation,
        "high heart rate": .inconclusiveHighHeartRate, "low heart rate": .inconclusiveLowHeartRate,
        "poor recording": .inconclusivePoorReading,
        "inconclusive": .inconclusiveOther, "uneindeutig": .inconclusiveOther,
        "unrecognized": .unrecognized,
        // HealthKit's names, as Health Auto Export sends them.
        "inconclusive high heart rate": .inconclusiveHighHeartRate,
        "inconclusive low heart rate": .inconclusiveLowHeartRate,
        "inconclusive poor reading": .inconclusivePoorReading, "inconclusive other": .inconclusiveOther,
        "not set": .notSet,
    ]

    /// The English text a classification is written with (what ``classification(_:)`` reads back).
    static func text(_ classification: HKElectrocardiogram.Classification) -> String {
        switch classification {
        case .notSet: ""
        case .sinusRhythm: "Sinus Rhythm"
        case .atrialFibrillation: "Atrial Fibrillation"
        case .inconclusiveLowHeartRate: "Heart Rate Under 50"
        case .inconclusiveHighHeartRate: "Heart Rate Over 120"
        case .inconclusivePoorReading: "Poor Recording"
        case .inconclusiveOther: "Inconclusive"
        case .unrecognized: "Unrecognized"
        }
    }

    /// The symptoms an ECG app reports, by their English names, with their HealthKit category types ("Other" has
    /// none).
    static let symptomNames: [(name: String, type: HKCategoryTypeIdentifier?)] = [
        ("Rapid, pounding, or fluttering heartbeat", .rapidPoundingOrFlutteringHeartbeat),
        ("Skipped heartbeat", .skippedHeartbeat),
        ("Lightheadedness or dizziness", .dizziness),
        ("Chest tightness or pain", .chestTightnessOrPain),
        ("Shortness of breath", .shortnessOfBreath),
        ("Fatigue", .fatigue),
        ("Fainting", .fainting),
        ("Other", nil),
    ]

    /// The status and symptom types of a `Symptoms` text: empty is `notSet`, "None" (or "Keine") is `none`, anything
    /// else is `present`, with the types of the known names it contains (names hold commas, so they are found by
    /// name, not split at commas).
    static func symptoms(_ text: String) -> (HKElectrocardiogram.SymptomsStatus, [HKCategoryTypeIdentifier]) {
        let folded = fold(text)
        if folded.isEmpty { return (.notSet, []) }
        if folded == "none" || folded == "keine" { return (.none, []) }
        let types = symptomNames.compactMap { symptom in
            folded.contains(fold(symptom.name)) ? symptom.type : nil
        }
        return (.present, types)
    }

    /// The `Symptoms` text of a status and the symptom types associated with an electrocardiogram (what
    /// ``symptoms(_:)`` reads back).
    static func text(_ status: HKElectrocardiogram.SymptomsStatus, symptoms: [String]) -> String {
        switch status {
        case .notSet: return ""
        case .none: return "None"
        case .present:
            let names = symptomNames.compactMap { symptom in
                symptom.type.flatMap { symptoms.contains($0.rawValue) ? symptom.name : nil }
            }
            return names.isEmpty ? "Other" : names.joined(separator: ", ")
        }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}
