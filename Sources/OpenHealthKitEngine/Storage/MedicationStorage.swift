import Foundation

/// A storage of the medications the owner tracks (``UserAnnotatedMedicationRow``).
package protocol MedicationStorage: Storage {
    /// The stored medications (all, or those with these concept codes), by display text then concept code.
    func medications(conceptCodes: Set<String>?) throws -> [UserAnnotatedMedicationRow]

    /// Stores a medication in one transaction: a new concept code adds it, a stored one has every field replaced
    /// (its codings too). Returns whether it was new.
    @discardableResult
    func saveMedication(_ medication: UserAnnotatedMedicationRow) throws -> Bool
}
