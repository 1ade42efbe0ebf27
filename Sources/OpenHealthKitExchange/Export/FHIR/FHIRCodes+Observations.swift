import Foundation
import OpenHealthKitModel

extension FHIRCodes {
    /// What the Observations of one sample type are coded with: the codings of `code` (LOINC and the like first,
    /// OpenHealthKit's coding of the HealthKit type last), `code.text`, the category and the profile. The one place
    /// these are decided: Observations carry them and a search by `code` or `category` matches them.
    struct ObservationCode {
        let codings: [Coding]
        let text: String
        let category: Category?
        /// The FHIR R4 profile's URL, where one applies.
        let profile: String?
    }

    /// The code of the Observations of a sample type (raw identifier, of kind `kind`), nil for a type FHIR has no
    /// Observation for (docs/FHIR.md), such as an assessment whose instrument FHIR's codes do not cover.
    static func observationCode(of identifier: String, kind: ExportTypeKind) -> ObservationCode? {
        switch kind {
        case .quantity(let type):
            let mapping = quantityTypes[type.name]
            return ObservationCode(
                codings: (mapping?.loinc ?? []) + [typeCoding(type.identifier, type.name)], text: type.name,
                category: mapping?.category ?? (activityTypes.contains(type.name) ? .activity : nil),
                profile: mapping?.profile)
        case .category(let type):
            return ObservationCode(
                codings: [typeCoding(type.identifier, type.name)], text: type.name, category: nil, profile: nil)
        case .correlation(let type):
            let name = type.identifier.replacingOccurrences(of: "HKCorrelationTypeIdentifier", with: "")
            let text = name.prefix(1).lowercased() + name.dropFirst()
            let mapping =
                type.identifier == HKCorrelationTypeIdentifier.bloodPressure.rawValue ? bloodPressurePanel : nil
            return ObservationCode(
                codings: (mapping?.loinc ?? []) + [typeCoding(type.identifier, text)], text: text,
                category: mapping?.category, profile: mapping?.profile)
        case .workout:
            return ObservationCode(
                codings: [exerciseActivity, typeCoding(HKWorkoutTypeIdentifier, "workout")], text: "workout",
                category: .activity, profile: nil)
        case .electrocardiogram:
            return ObservationCode(
                codings: [electrocardiogramStudy, electricPotential, typeCoding(identifier, "electrocardiogram")],
                text: "electrocardiogram", category: .procedure, profile: nil)
        case .scoredAssessment:
            guard let instrument = assessments[identifier] else { return nil }
            let name = HKObjectType.shortName(forRawIdentifier: identifier)
            return ObservationCode(
                codings: [instrument.total, typeCoding(identifier, name)], text: name, category: .survey, profile: nil)
        case .audiogram, .heartbeatSeries, .clinicalRecord, .visionPrescription, .cdaDocument, .stateOfMind,
            .medicationDoseEvent, .other:
            return nil
        }
    }

    /// OpenHealthKit's coding of a HealthKit type.
    static func typeCoding(_ identifier: String, _ display: String) -> Coding {
        Coding(system: healthKitType, code: identifier, display: display)
    }
}
