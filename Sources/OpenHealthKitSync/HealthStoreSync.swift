public import Foundation
public import HealthKit

/// Copies the samples of some types from one `HKHealthStore` into another, and keeps the copy current: each run reads
/// what changed in the source since the last run (an anchored query per type, deletions included) and applies it to
/// the destination, a batch at a time.
///
/// Plain HealthKit code: it compiles unchanged against Apple's HealthKit, so an iPhone app can push the phone's store
/// into healthd (through OpenHealthKit's remote store), and on Linux against OpenHealthKit (`import HealthKit`).
///
/// - **Identity**: a copy carries `HKMetadataKeySyncIdentifier` = `ohk-sync:<the source object's UUID>` and
///   `HKMetadataKeySyncVersion` 1, so copying it again replaces nothing and stores nothing new (HealthKit keeps the
///   stored version), and a deletion in the source deletes the copy by that identifier. A source sample's own sync
///   identifier and version travel in ``originalSyncIdentifierKey`` and ``originalSyncVersionKey``.
/// - **Resumable**: a type's anchor is saved (``SyncAnchorStore``) only after its batch is stored, so a run killed at
///   any point loses nothing: the next run starts from the last saved anchor and stores at most one batch again,
///   which the identity makes harmless.
/// - **Kinds**: quantity and category samples, correlations (with their members) and workouts (type, dates,
///   duration, totals, metadata); ``run()`` refuses a type of another kind (``UnsupportedType``) before copying
///   anything. Metadata keys HealthKit reserves for itself (`_HK...`) are not copied.
public final class HealthStoreSync: @unchecked Sendable {
    /// Where the copy's original sync identifier goes, when the source sample had one.
    public static let originalSyncIdentifierKey = "OpenHealthKitSyncOriginalIdentifier"
    /// Where the copy's original sync version goes.
    public static let originalSyncVersionKey = "OpenHealthKitSyncOriginalVersion"
    /// The prefix of a copy's sync identifier.
    public static let identifierPrefix = "ohk-sync:"

    private let source: HKHealthStore
    private let destination: any SyncDestination
    private let types: [HKSampleType]
    private let anchors: SyncAnchorStore
    private let batchSize: Int

    /// A sync of `types` from `source` into `destination` (another store, or healthd: ``HealthdDestination``),
    /// remembering how far it got in `anchors`, `batchSize` changes per read and write.
    public init(
        from source: HKHealthStore, to destination: any SyncDestination, types: [HKSampleType],
        anchors: SyncAnchorStore,
        batchSize: Int = 500
    ) {
        self.source = source
        self.destination = destination
        self.types = types
        self.anchors = anchors
        self.batchSize = max(1, batchSize)
    }

    /// What a run did, per type identifier.
    public struct Report: Sendable, Equatable {
        /// Samples copied (new copies, and copies stored again after an interrupted run).
        public var copied: [String: Int] = [:]
        /// Deletions applied.
        public var deleted: [String: Int] = [:]

        /// A report of nothing done.
        public init() {}
    }

    /// A type whose samples this sync does not copy yet (series, routes, electrocardiograms, records...).
    public struct UnsupportedType: Error, CustomStringConvertible {
        /// The type's identifier.
        public let type: String
        /// Which type.
        public var description: String { "\(type)'s samples are not copied by HealthStoreSync" }
    }

    /// Applies every change since the last run; returns what it did. The source must let this app read the types,
    /// the destination let it share them.
    public func run() async throws -> Report {
        for type in types
        where !(type is HKQuantityType || type is HKCategoryType || type is HKCorrelationType || type is HKWorkoutType)
        {
            throw UnsupportedType(type: type.identifier)
        }
        var report = Report()
        for type in types {
            while true {
                let page = try await changes(of: type, after: try anchors.anchor(for: type.identifier))
                if !page.samples.isEmpty {
                    try await destination.saveCopies(page.samples.map(Self.copy))
                    report.copied[type.identifier, default: 0] += page.samples.count
                }
                if !page.deleted.isEmpty {
                    report.deleted[type.identifier, default: 0] += try await destination.deleteCopies(
                        of: type, syncIdentifiers: page.deleted.map { Self.identifierPrefix + $0.uuid.uuidString })
                }
                if let anchor = page.anchor { try anchors.save(anchor, for: type.identifier) }
                if page.samples.count + page.deleted.count < batchSize { break }
            }
        }
        return report
    }

    private struct Page {
        var samples: [HKSample]
        var deleted: [HKDeletedObject]
        var anchor: HKQueryAnchor?
    }

    private func changes(of type: HKSampleType, after anchor: HKQueryAnchor?) async throws -> Page {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(type: type, predicate: nil, anchor: anchor, limit: batchSize) {
                _, samples, deleted, newAnchor, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(
                        returning: Page(samples: samples ?? [], deleted: deleted ?? [], anchor: newAnchor))
                }
            }
            source.execute(query)
        }
    }

    /// The destination's copy of a source sample: the same values, dates, device and metadata, under the sync
    /// identifier its UUID names.
    static func copy(_ sample: HKSample) -> HKSample {
        var metadata = (sample.metadata ?? [:]).filter { !$0.key.hasPrefix("_HK") }
        if let identifier = metadata.removeValue(forKey: HKMetadataKeySyncIdentifier) {
            metadata[originalSyncIdentifierKey] = identifier
        }
        if let version = metadata.removeValue(forKey: HKMetadataKeySyncVersion) {
            metadata[originalSyncVersionKey] = version
        }
        metadata[HKMetadataKeySyncIdentifier] = identifierPrefix + sample.uuid.uuidString
        metadata[HKMetadataKeySyncVersion] = 1
        switch sample {
        case let quantity as HKQuantitySample:
            return HKQuantitySample(
                type: quantity.quantityType, quantity: quantity.quantity, start: quantity.startDate,
                end: quantity.endDate, device: quantity.device, metadata: metadata)
        case let category as HKCategorySample:
            return HKCategorySample(
                type: category.categoryType, value: category.value, start: category.startDate,
                end: category.endDate, device: category.device, metadata: metadata)
        case let correlation as HKCorrelation:
            return HKCorrelation(
                type: correlation.correlationType, start: correlation.startDate, end: correlation.endDate,
                objects: Set(correlation.objects.map(copy)), device: correlation.device, metadata: metadata)
        case let workout as HKWorkout:
            return HKWorkout(
                activityType: workout.workoutActivityType, start: workout.startDate, end: workout.endDate,
                duration: workout.duration, totalEnergyBurned: workout.totalEnergyBurned,
                totalDistance: workout.totalDistance, device: workout.device, metadata: metadata)
        default:
            return sample
        }
    }
}
