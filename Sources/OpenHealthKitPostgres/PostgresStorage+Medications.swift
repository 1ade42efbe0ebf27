import Foundation
package import OpenHealthKitEngine
import PostgresNIO

extension PostgresStorage: MedicationStorage {
    /// Two statements in one snapshot: the medications, then their codings.
    package func medications(conceptCodes: Set<String>?) throws -> [UserAnnotatedMedicationRow] {
        if let conceptCodes, conceptCodes.isEmpty { return [] }
        return try snapshot { session in
            var binds = Binds()
            let user = binds.add(user)
            var sql = """
                SELECT id, concept_code, display_text, general_form, nickname, is_archived, has_schedule
                FROM medication WHERE user_id = \(user)
                """
            if let conceptCodes { sql += " AND concept_code = ANY(\(binds.array(conceptCodes.sorted())))" }
            sql += " ORDER BY display_text, concept_code"
            var ids: [Int64] = []
            var medications = try session.query(sql, binds.bindings).map { row in
                var cells = Cells(row)
                ids.append(try cells.next())
                return UserAnnotatedMedicationRow(
                    conceptCode: try cells.next(), displayText: try cells.next(), generalForm: try cells.next(),
                    relatedCodings: [], nickname: try cells.next(), isArchived: try cells.next(),
                    hasSchedule: try cells.next())
            }
            guard !ids.isEmpty else { return [] }
            let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
            var codingBinds = Binds()
            let owner = codingBinds.add(self.user), list = codingBinds.array(ids)
            for row in try session.query(
                """
                SELECT medication_id, system, version, code FROM medication_coding
                WHERE user_id = \(owner) AND medication_id = ANY(\(list)) ORDER BY medication_id, position
                """, codingBinds.bindings)
            {
                let (id, system, version, code) = try row.decode((Int64, String, String?, String).self)
                medications[index[id]!].relatedCodings.append(
                    ClinicalCodingRow(system: system, version: version, code: code))
            }
            return medications
        }
    }

    /// One transaction: the medication upserted by its concept code, its codings replaced.
    @discardableResult
    package func saveMedication(_ medication: UserAnnotatedMedicationRow) throws -> Bool {
        try session { session in
            try session.transaction {
                var binds = Binds()
                let values = [
                    binds.add(user), binds.add(medication.conceptCode), binds.add(medication.displayText),
                    binds.add(medication.generalForm), binds.add(medication.nickname), binds.add(medication.isArchived),
                    binds.add(medication.hasSchedule),
                ]
                // `xmax = 0` only for a row this statement inserted.
                let row = try session.query(
                    """
                    INSERT INTO medication (user_id, concept_code, display_text, general_form, nickname, is_archived,
                                            has_schedule)
                    VALUES (\(values.joined(separator: ", ")))
                    ON CONFLICT (user_id, concept_code) DO UPDATE SET display_text = EXCLUDED.display_text,
                        general_form = EXCLUDED.general_form, nickname = EXCLUDED.nickname,
                        is_archived = EXCLUDED.is_archived, has_schedule = EXCLUDED.has_schedule
                    RETURNING id, xmax = 0
                    """, binds.bindings)
                guard let (id, inserted) = try row.first?.decode((Int64, Bool).self) else {
                    throw PostgresFailure(sqlState: "XX000", message: "a medication was not stored")
                }
                var removal = Binds()
                let owner = removal.add(user), medicationID = removal.add(id)
                try session.execute(
                    "DELETE FROM medication_coding WHERE user_id = \(owner) AND medication_id = \(medicationID)",
                    removal.bindings)
                let codings = medication.relatedCodings
                if !codings.isEmpty {
                    var insert = BulkInsert(user: user)
                    insert.column("medication_id", Array(repeating: id, count: codings.count))
                    insert.column("position", codings.indices.map { Int64($0) })
                    insert.column("system", codings.map(\.system))
                    insert.column("version", codings.map(\.version))
                    insert.column("code", codings.map(\.code))
                    try insert.run(into: "medication_coding", session)
                }
                return inserted
            }
        }
    }
}
