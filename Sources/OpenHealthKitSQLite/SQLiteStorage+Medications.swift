import Foundation
import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage: MedicationStorage {
    package func medications(conceptCodes: Set<String>?) throws -> [UserAnnotatedMedicationRow] {
        try writer.read { db in
            var sql = """
                SELECT id, concept_code, display_text, general_form, nickname, is_archived, has_schedule FROM medication
                """
            var arguments: [(any DatabaseValueConvertible)?] = []
            if let conceptCodes {
                guard !conceptCodes.isEmpty else { return [] }
                sql += " WHERE concept_code IN (" + conceptCodes.map { _ in "?" }.joined(separator: ", ") + ")"
                arguments = conceptCodes.sorted()
            }
            sql += " ORDER BY display_text, concept_code"
            return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
                let codings = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT system, version, code FROM medication_coding WHERE medication_id = ? ORDER BY position",
                    arguments: [row[0] as Int64]
                ).map { ClinicalCodingRow(system: $0[0], version: $0[1], code: $0[2]) }
                return UserAnnotatedMedicationRow(
                    conceptCode: row[1], displayText: row[2], generalForm: row[3], relatedCodings: codings,
                    nickname: row[4], isArchived: row[5], hasSchedule: row[6])
            }
        }
    }

    @discardableResult
    package func saveMedication(_ medication: UserAnnotatedMedicationRow) throws -> Bool {
        try writer.write { db in
            let existing = try Int64.fetchOne(
                db, sql: "SELECT id FROM medication WHERE concept_code = ?", arguments: [medication.conceptCode])
            let values: [(any DatabaseValueConvertible)?] = [
                medication.displayText, medication.generalForm, medication.nickname, medication.isArchived,
                medication.hasSchedule,
            ]
            let id: Int64
            if let existing {
                try db.execute(
                    sql: """
                        UPDATE medication SET display_text = ?, general_form = ?, nickname = ?, is_archived = ?,
                                              has_schedule = ?
                        WHERE id = ?
                        """,
                    arguments: StatementArguments(values + [existing]))
                try db.execute(sql: "DELETE FROM medication_coding WHERE medication_id = ?", arguments: [existing])
                id = existing
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO medication (concept_code, display_text, general_form, nickname, is_archived,
                                                has_schedule)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: StatementArguments([medication.conceptCode] + values))
                id = db.lastInsertedRowID
            }
            for (position, coding) in medication.relatedCodings.enumerated() {
                try db.execute(
                    sql:
                        "INSERT INTO medication_coding (medication_id, position, system, version, code) VALUES (?, ?, ?, ?, ?)",
                    arguments: [id, position, coding.system, coding.version, coding.code])
            }
            return existing == nil
        }
    }
}
