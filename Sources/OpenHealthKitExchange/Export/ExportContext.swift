import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// What every writer of an export shares: where to write, how to show dates, the owner's characteristics and units,
/// and the summary being counted.
final class ExportContext {
    /// The folder to fill, or the file to create (see ``ExportDestination/root``).
    let root: URL
    let timeZone: TimeZone
    /// When the export was made.
    let exportDate: Date
    /// The stored characteristics asked for (stored form, see `CharacteristicCoding`), in catalog order.
    let characteristics: [(type: HKCharacteristicTypeIdentifier, value: String)]
    /// The units the owner reads each quantity type in, by type identifier.
    let preferredUnits: [String: HKUnit]
    /// The sample types the export reads on their own (members of other types come with their parent).
    let exportedTypes: Set<String>
    var summary: ExportSummary
    /// The kind of each type met so far.
    let kinds = ExportTypeKinds()
    private let offsets: ZoneOffsets

    init(
        root: URL, timeZone: TimeZone, exportDate: Date,
        characteristics: [(type: HKCharacteristicTypeIdentifier, value: String)],
        preferredUnits: [String: HKUnit], exportedTypes: Set<String>, summary: ExportSummary
    ) {
        self.root = root
        self.timeZone = timeZone
        self.exportDate = exportDate
        self.characteristics = characteristics
        self.preferredUnits = preferredUnits
        self.exportedTypes = exportedTypes
        self.summary = summary
        offsets = ZoneOffsets(timeZone: timeZone)
    }

    /// The UTC offset, in seconds, of the export's time zone at an instant (seconds since 1970).
    func offset(_ seconds: Double) -> Int {
        offsets.offset(seconds)
    }

    /// What kind of records a type holds (looked up once per type).
    func kind(_ identifier: String) -> ExportTypeKind {
        kinds.kind(identifier)
    }

    /// Counts a written sample, and its members of types not exported on their own (those are counted there).
    func count(_ record: ExportRecord) {
        summary.records[record.sample.typeIdentifier, default: 0] += 1
        for member in record.members where !exportedTypes.contains(member.sample.typeIdentifier) { count(member) }
    }

    func notWritten(_ kind: String) {
        summary.notWritten[kind, default: 0] += 1
    }
}

/// Writes one format: the visitor of the export's read, with a beginning and an end.
protocol ExportWriter: ExportVisitor {
    /// Writes what comes before the records (the document's head, the owner's characteristics).
    func begin() throws
    /// Writes what comes after the records and closes every file.
    func finish() throws
}
