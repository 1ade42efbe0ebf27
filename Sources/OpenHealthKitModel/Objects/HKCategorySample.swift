public import Foundation

/// A sample holding one value of its category type's enumeration, e.g. `HKCategoryValueSleepAnalysis.asleepCore`.
public final class HKCategorySample: HKSample, @unchecked Sendable {
    /// The sample's category type.
    public let categoryType: HKCategoryType
    /// The raw value of the type's enumeration case.
    public let value: Int

    package init(
        uuid: UUID, type: HKCategoryType, value: Int, start: Date, end: Date, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        categoryType = type
        self.value = value
        super.init(
            uuid: uuid, sampleType: type, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision
        )
    }

    /// Creates a sample with no device or metadata; invalid input raises, as in HealthKit.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Creates a sample with metadata and no device; invalid input raises, as in HealthKit.
    public convenience init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, metadata: [String: Any]?
    ) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates a sample; a value outside the type's enumeration or an invalid date or metadata raises, as in HealthKit.
    public convenience init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), type: type, value: value, start: startDate, end: endDate, device: device,
            metadata: metadata, sourceRevision: .placeholder()
        )
        validateOrRaise()
    }

    /// Creates a sample with no device or metadata: HealthKit's Swift 2 spelling of ``init(type:value:start:end:)``.
    @available(*, deprecated, renamed: "init(type:value:start:end:)")
    public convenience init(type: HKCategoryType, value: Int, startDate: Date, endDate: Date) {
        self.init(type: type, value: value, start: startDate, end: endDate)
    }

    /// Creates a sample with metadata and no device: HealthKit's Swift 2 spelling of
    /// ``init(type:value:start:end:metadata:)``.
    @available(*, deprecated, renamed: "init(type:value:start:end:metadata:)")
    public convenience init(
        type: HKCategoryType, value: Int, startDate: Date, endDate: Date, metadata: [String: Any]?
    ) {
        self.init(type: type, value: value, start: startDate, end: endDate, metadata: metadata)
    }

    /// Creates a sample: HealthKit's Swift 2 spelling of ``init(type:value:start:end:device:metadata:)``.
    @available(*, deprecated, renamed: "init(type:value:start:end:device:metadata:)")
    public convenience init(
        type: HKCategoryType, value: Int, startDate: Date, endDate: Date, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: device, metadata: metadata)
    }

    /// Creates a sample, throwing ``HKError`` `errorInvalidArgument` where HealthKit's initializer raises.
    public convenience init(
        validating type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) {
        self.init(
            uuid: UUID(), type: type, value: value, start: startDate, end: endDate, device: device,
            metadata: metadata, sourceRevision: .placeholder()
        )
        try validate()
    }

    package override func validate() throws(HKError) {
        try super.validate()
        try CategoryValueValidation.validate(value, for: categoryType)
    }

    package override var valueDescription: String? { "\(value)" }

    /// Archives the sample and its value.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(value, forKey: "value")
    }

    /// Unarchives a category sample; nil without a category type or with a value the type does not allow.
    public required init?(coder: NSCoder) {
        guard let type = Self.archivedType(HKCategoryType.self, in: coder), coder.containsValue(forKey: "value"),
            type.allows(value: coder.decodeInteger(forKey: "value"))
        else { return nil }
        categoryType = type
        value = coder.decodeInteger(forKey: "value")
        super.init(coder: coder)
    }
}
