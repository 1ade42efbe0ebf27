import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// A record type as the export names it.
final class RecordType {
    enum Kind {
        case quantity(HKQuantityType)
        case category(HKCategoryType)
        case correlation(HKCorrelationType)
        /// Not in the catalog: kept verbatim.
        case unrecognized
    }

    let identifier: String
    let kind: Kind
    /// Category labels read so far.
    var labels = ByteKeyCache<Int>()

    init(identifier: String) {
        self.identifier = identifier
        switch HKObjectType.type(forRawIdentifier: identifier) {
        case let type as HKQuantityType: kind = .quantity(type)
        case let type as HKCategoryType: kind = .category(type)
        case let type as HKCorrelationType: kind = .correlation(type)
        default: kind = .unrecognized
        }
    }
}

/// A source as the export names it (`sourceName`), with the bundle identifier it is given.
final class RecordSource {
    let row: SourceRow
    private let source: HKSource
    private var revisions = ByteKeyCache<RecordRevision>()
    private lazy var unversioned = RecordRevision(row: RevisionRow(), source: source)

    init(name: String) {
        row = SourceRow(bundleIdentifier: Self.bundleIdentifier(forName: name), name: name)
        source = HKSource(name: name, bundleIdentifier: row.bundleIdentifier)
    }

    var name: String { row.name }

    /// The revision for a `sourceVersion` attribute (nil: none exported).
    func revision(_ version: UnsafeBufferPointer<UInt8>?) -> RecordRevision {
        guard let version, !version.isEmpty else { return unversioned }
        return revisions.value(version) { [source] bytes in
            RecordRevision(row: RevisionRow(version: ExportText.string(bytes)), source: source)
        }!
    }

    /// Exports carry source names only. The bundle identifier is derived from the name, stably and uniquely:
    /// `org.openhealthkit.export.` + the name's ASCII letters and digits (lowercased, other runs as `-`, at most 32
    /// characters, `source` when none) + `-` + the first 8 hex digits of the name's import UUID (see
    /// ``ImportIdentity``: the name `source ␟ name`).
    static func bundleIdentifier(forName name: String) -> String {
        let slug = SourceRow.exportSlug(forName: name)
        let identity = ImportIdentity()
        identity.reset()
        identity.add("source")
        identity.add(name)
        let hash = identity.uuid().uuidString.prefix(8).lowercased()
        return SourceRow.exportBundleIdentifierPrefix + "\(slug)-\(hash)"
    }
}

/// A source at a version.
final class RecordRevision {
    let row: RevisionRow
    let revision: HKSourceRevision

    init(row: RevisionRow, source: HKSource) {
        self.row = row
        revision = row.sourceRevision(of: source)
    }
}

/// A device read from a `device` attribute.
final class RecordDevice {
    let row: DeviceRow
    let device: HKDevice

    init(row: DeviceRow) {
        self.row = row
        device = row.device
    }
}

/// The types, sources, devices and units of an export, each read once.
final class ExportLookups {
    private var types = ByteKeyCache<RecordType>()
    private var sources = ByteKeyCache<RecordSource>()
    private var devices = ByteKeyCache<RecordDevice>()
    private var units = ByteKeyCache<HKUnit>()
    /// Every source met, by name.
    private(set) var sourcesByName: [String: RecordSource] = [:]

    func type(_ bytes: UnsafeBufferPointer<UInt8>) -> RecordType {
        types.value(ExportText.trimmed(bytes)) { RecordType(identifier: ExportText.string($0)) }!
    }

    func source(_ bytes: UnsafeBufferPointer<UInt8>) -> RecordSource {
        sources.value(bytes) { bytes in
            let source = RecordSource(name: ExportText.string(bytes))
            sourcesByName[source.name] = source
            return source
        }!
    }

    func device(_ bytes: UnsafeBufferPointer<UInt8>) -> RecordDevice? {
        devices.value(DeviceStringParser.identity(bytes)) { _ in
            DeviceStringParser.device(ExportText.string(bytes)).map(RecordDevice.init(row:))
        }
    }

    func unit(_ bytes: UnsafeBufferPointer<UInt8>) -> HKUnit? {
        units.value(ExportText.trimmed(bytes)) { try? HKUnit(parsing: ExportText.string($0)) }
    }
}
