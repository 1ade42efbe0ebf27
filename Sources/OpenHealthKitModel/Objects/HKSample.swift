public import Foundation

/// The abstract superclass of data with a type and a time interval.
///
/// A point reading has `startDate == endDate`; `startDate` is never after `endDate`.
open class HKSample: HKObject, @unchecked Sendable {
    /// The sample's type.
    public let sampleType: HKSampleType
    /// When the sample starts.
    public let startDate: Date
    /// When the sample ends; equal to ``startDate`` for a reading at one point in time.
    public let endDate: Date

    package init(
        uuid: UUID, sampleType: HKSampleType, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        self.sampleType = sampleType
        startDate = start
        endDate = end
        super.init(uuid: uuid, metadata: metadata, device: device, sourceRevision: sourceRevision)
    }

    /// Whether the sample has no end yet: its end date is `Date.distantFuture`.
    public var hasUndeterminedDuration: Bool { endDate == .distantFuture }

    package override func validate() throws(HKError) {
        try super.validate()
        try SampleValidation.validateDates(start: startDate, end: endDate)
        try SampleValidation.validateRequiredMetadata(of: sampleType, in: metadata)
    }

    /// The object's description with its dates.
    open override var description: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return "\(super.description) (\(formatter.string(from: startDate)) - \(formatter.string(from: endDate)))"
    }

    /// Archives the object, the type and the dates.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(sampleType, forKey: "sampleType")
        coder.encodeDate(startDate, forKey: "startDate")
        coder.encodeDate(endDate, forKey: "endDate")
    }

    /// Unarchives a sample; nil without a type or dates, or with its end before its start.
    public required init?(coder: NSCoder) {
        guard let sampleType = coder.decodeIfPresent(HKSampleType.self, forKey: "sampleType"),
            let startDate = coder.decodeDate(forKey: "startDate"), let endDate = coder.decodeDate(forKey: "endDate"),
            startDate <= endDate
        else { return nil }
        self.sampleType = sampleType
        self.startDate = startDate
        self.endDate = endDate
        super.init(coder: coder)
    }

    /// The archived type of a sample being unarchived, when it is of `type`: subclasses keep their typed copy.
    package static func archivedType<T: HKSampleType>(_ type: T.Type, in coder: NSCoder) -> T? {
        coder.decodeIfPresent(type, forKey: "sampleType")
    }
}
