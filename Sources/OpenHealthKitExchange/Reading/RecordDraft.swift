import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// A quantity or category record as read from the export, before it becomes its sample.
struct RecordDraft: Sendable {
    enum Value: Sendable {
        case quantity(HKQuantityType, HKQuantity)
        case category(HKCategoryType, Int)
    }

    let uuid: UUID
    let value: Value
    /// Seconds since 1970.
    let start: Double
    let end: Double
    let device: HKDevice?
    let source: SourceRow
    let revision: RevisionRow
    let sourceRevision: HKSourceRevision
    let metadata: [(key: String, value: String)]

    /// The sample, with the export's metadata read into HealthKit's value kinds.
    func sample(reading metadataReader: MetadataValueReader) -> HKSample {
        let metadata = metadataReader.metadata(metadata)
        let start = Date(timeIntervalSince1970: start)
        let end = Date(timeIntervalSince1970: end)
        switch value {
        case .quantity(let type, let quantity):
            return HKQuantitySample(
                uuid: uuid, type: type, quantity: quantity, start: start, end: end, device: device, metadata: metadata,
                sourceRevision: sourceRevision)
        case .category(let type, let value):
            return HKCategorySample(
                uuid: uuid, type: type, value: value, start: start, end: end, device: device, metadata: metadata,
                sourceRevision: sourceRevision)
        }
    }
}
