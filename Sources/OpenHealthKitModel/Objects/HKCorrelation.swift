public import Foundation

/// Samples recorded together as one reading: a blood pressure (systolic and diastolic) or a meal (dietary samples).
public final class HKCorrelation: HKSample, @unchecked Sendable {
    /// The correlation's type: blood pressure or food.
    public let correlationType: HKCorrelationType
    /// The samples the correlation groups.
    public let objects: Set<HKSample>

    package init(
        uuid: UUID, type: HKCorrelationType, start: Date, end: Date, objects: Set<HKSample>, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        correlationType = type
        self.objects = objects
        super.init(
            uuid: uuid, sampleType: type, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision
        )
    }

    /// Creates a correlation with no device or metadata; invalid input raises, as in HealthKit.
    public convenience init(type: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>) {
        self.init(type: type, start: startDate, end: endDate, objects: objects, device: nil, metadata: nil)
    }

    /// Creates a correlation with metadata and no device; invalid input raises, as in HealthKit.
    public convenience init(
        type: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>,
        metadata: [String: Any]?
    ) {
        self.init(type: type, start: startDate, end: endDate, objects: objects, device: nil, metadata: metadata)
    }

    /// Creates a correlation; a sample the type does not allow, or any invalid member, date or metadata raises,
    /// as in HealthKit.
    public convenience init(
        type: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), type: type, start: startDate, end: endDate, objects: objects, device: device,
            metadata: metadata, sourceRevision: .placeholder()
        )
        validateOrRaise()
    }

    /// Creates a correlation with no device or metadata: HealthKit's Swift 2 spelling of
    /// ``init(type:start:end:objects:)``.
    @available(*, deprecated, renamed: "init(type:start:end:objects:)")
    public convenience init(type: HKCorrelationType, startDate: Date, endDate: Date, objects: Set<HKSample>) {
        self.init(type: type, start: startDate, end: endDate, objects: objects)
    }

    /// Creates a correlation with metadata and no device: HealthKit's Swift 2 spelling of
    /// ``init(type:start:end:objects:metadata:)``.
    @available(*, deprecated, renamed: "init(type:start:end:objects:metadata:)")
    public convenience init(
        type: HKCorrelationType, startDate: Date, endDate: Date, objects: Set<HKSample>, metadata: [String: Any]?
    ) {
        self.init(type: type, start: startDate, end: endDate, objects: objects, metadata: metadata)
    }

    /// Creates a correlation: HealthKit's Swift 2 spelling of ``init(type:start:end:objects:device:metadata:)``.
    @available(*, deprecated, renamed: "init(type:start:end:objects:device:metadata:)")
    public convenience init(
        type: HKCorrelationType, startDate: Date, endDate: Date, objects: Set<HKSample>, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(type: type, start: startDate, end: endDate, objects: objects, device: device, metadata: metadata)
    }

    /// Creates a correlation, throwing ``HKError`` `errorInvalidArgument` where HealthKit's initializer raises.
    public convenience init(
        validating type: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>,
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) {
        self.init(
            uuid: UUID(), type: type, start: startDate, end: endDate, objects: objects, device: device,
            metadata: metadata, sourceRevision: .placeholder()
        )
        try validate()
    }

    /// The member samples of `objectType`.
    public func objects(for objectType: HKObjectType) -> Set<HKSample> {
        objects.filter { $0.sampleType == objectType }
    }

    package override func validate() throws(HKError) {
        try super.validate()
        try CorrelationValidation.validate(objects, for: correlationType)
    }

    /// Archives the correlation and the samples it groups.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(Array(objects) as NSArray, forKey: "objects")
    }

    /// Unarchives a correlation; nil without a correlation type or its samples.
    public required init?(coder: NSCoder) {
        guard let type = Self.archivedType(HKCorrelationType.self, in: coder),
            let objects = coder.decodeArray(of: HKSample.self, forKey: "objects")
        else { return nil }
        correlationType = type
        self.objects = Set(objects)
        super.init(coder: coder)
    }
}
