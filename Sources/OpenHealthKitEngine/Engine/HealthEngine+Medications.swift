import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// `HKUserAnnotatedMedicationQuery`: the medications matching `predicate` that the principal may read, by name,
    /// at most `limit` (0: all). An app reads those the user shared with it (`requestPerObjectReadAuthorization`);
    /// any other sees none, with no error.
    package func medications(matching predicate: PredicateTree?, limit: Int, as principal: Principal) async throws
        -> [HKUserAnnotatedMedication]
    {
        var codes: Set<String>?
        if case .app(let app) = principal {
            try app.checkProvisioning()
            codes = try await storageCall {
                try await objectGrants.allowed(
                    app: app.bundleIdentifier, type: HKDataTypeIdentifierUserAnnotatedMedicationConcept)
            }
            if codes?.isEmpty == true { return [] }
        }
        var matching: [HKUserAnnotatedMedication] = []
        for row in try await storageCall({ try storage.medications(conceptCodes: codes) }) {
            guard try MedicationPredicate.matches(predicate, row) else { continue }
            matching.append(MedicationCoding.medication(row))
            if limit > 0, matching.count == limit { break }
        }
        return matching
    }

    /// Records a medication the owner tracks (new, or changed: a stored concept code is replaced). Only the owner
    /// records medications: apps read them.
    package func saveMedication(_ medication: UserAnnotatedMedicationRow, as principal: Principal) async throws {
        guard case .owner = principal else {
            throw HKError(.errorAuthorizationDenied, "Medications are recorded by the owner; apps may only read them")
        }
        try MedicationCoding.validate(medication)
        try await storeMedication(medication)
    }

    /// Starts tracking a medication for the owner unless one of its concept code is tracked already (which stays as
    /// the owner keeps it): a phone's push names the medications of its doses.
    package func trackMedicationIfNew(_ medication: UserAnnotatedMedicationRow) async throws {
        try MedicationCoding.validate(medication)
        guard try await storageCall({ try storage.medications(conceptCodes: [medication.conceptCode]) }).isEmpty else {
            return
        }
        try await storeMedication(medication)
    }

    private func storeMedication(_ medication: UserAnnotatedMedicationRow) async throws {
        _ = try await storageCall { try storage.saveMedication(medication) }
        await publish(
            StoreChange(
                typeIdentifiers: [HKDataTypeIdentifierUserAnnotatedMedicationConcept],
                anchor: (try? storage.currentAnchor()) ?? 0, kind: .grants))
    }

    /// Logs a dose of a tracked medication, for the owner (apps never write dose events). The dose is validated as
    /// any sample is, and its medication must be stored.
    package func logDose(_ event: HKMedicationDoseEvent, as principal: Principal) async throws {
        guard case .owner = principal else {
            throw HKError(.errorAuthorizationDenied, "Dose events are logged by the owner; apps may only read them")
        }
        let code = event.medicationConceptIdentifier.code
        guard try await storageCall({ try storage.medications(conceptCodes: [code]) }).isEmpty == false else {
            throw HKError.invalidArgument("No medication with the concept code \(code) is tracked")
        }
        try await save([event], as: principal)
    }
}

/// Medication rows to HealthKit objects, and their checks.
package enum MedicationCoding {
    /// The medication a row holds.
    package static func medication(_ row: UserAnnotatedMedicationRow) -> HKUserAnnotatedMedication {
        HKUserAnnotatedMedication(
            nickname: row.nickname, isArchived: row.isArchived, hasSchedule: row.hasSchedule,
            medication: HKMedicationConcept(
                identifier: HKHealthConceptIdentifier(domain: .medication, code: row.conceptCode),
                displayText: row.displayText, generalForm: HKMedicationGeneralForm(rawValue: row.generalForm),
                relatedCodings: Set(
                    row.relatedCodings.map { HKClinicalCoding(system: $0.system, version: $0.version, code: $0.code) })
            ))
    }

    /// The row that stores a medication.
    package static func row(_ medication: HKUserAnnotatedMedication) -> UserAnnotatedMedicationRow {
        let concept = medication.medication
        return UserAnnotatedMedicationRow(
            conceptCode: concept.identifier.code, displayText: concept.displayText,
            generalForm: concept.generalForm.rawValue,
            relatedCodings: concept.relatedCodings.map {
                ClinicalCodingRow(system: $0.system, version: $0.version, code: $0.code)
            }.sorted { ($0.system, $0.code, $0.version ?? "") < ($1.system, $1.code, $1.version ?? "") },
            nickname: medication.nickname, isArchived: medication.isArchived, hasSchedule: medication.hasSchedule)
    }

    /// A name of 1 to 200 characters, a form HealthKit defines, a concept code of 1 to 100 characters, a nickname of
    /// at most 200, codings with a system and a code (at most 50 of them).
    package static func validate(_ row: UserAnnotatedMedicationRow) throws(HKError) {
        func text(_ value: String, _ name: String, _ range: ClosedRange<Int>) throws(HKError) {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard range.contains(trimmed.count),
                !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw HKError.invalidArgument(
                    "A medication's \(name) must have \(range.lowerBound) to \(range.upperBound) characters, without control characters"
                )
            }
        }
        try text(row.conceptCode, "concept code", 1...100)
        try text(row.displayText, "name", 1...200)
        if let nickname = row.nickname { try text(nickname, "nickname", 0...200) }
        guard HKMedicationGeneralForm.allCases.contains(HKMedicationGeneralForm(rawValue: row.generalForm)) else {
            throw HKError.invalidArgument(
                "\(row.generalForm) is not a medication form: use one of "
                    + HKMedicationGeneralForm.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard row.relatedCodings.count <= 50 else {
            throw HKError.invalidArgument("A medication has at most 50 related codings")
        }
        for coding in row.relatedCodings {
            try text(coding.system, "coding system", 1...500)
            try text(coding.code, "code", 1...200)
        }
    }
}

/// Evaluates a predicate on a medication: `predicateForUserAnnotatedMedications(isArchived:)` and
/// `(hasSchedule:)`, combined with and, or and not. Medications are few and changed in place, so they are filtered
/// here rather than in the storage.
enum MedicationPredicate {
    static func matches(_ tree: PredicateTree?, _ row: UserAnnotatedMedicationRow) throws -> Bool {
        guard let tree else { return true }
        switch tree {
        case .all: return true
        case .none: return false
        case .and(let trees): return try trees.allSatisfy { try matches($0, row) }
        case .or(let trees): return try trees.contains { try matches($0, row) }
        case .not(let tree): return try !matches(tree, row)
        case .leaf(.medicationArchived(let archived)): return row.isArchived == archived
        case .leaf(.medicationHasSchedule(let hasSchedule)): return row.hasSchedule == hasSchedule
        case .leaf(let leaf):
            throw HKError.invalidArgument(
                "The predicate \(leaf) does not apply to medications: use predicateForUserAnnotatedMedications")
        }
    }
}
