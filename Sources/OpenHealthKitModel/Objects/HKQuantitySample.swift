public import Foundation

/// A sample holding one quantity of a quantity type, e.g. a heart rate of 72 count/min.
///
/// The quantity's unit must be compatible with the type (a mass for `bodyMass`, a count for `stepCount`...).
///
/// - Note: In HealthKit this class is abstract and its initializers return an ``HKCumulativeQuantitySample`` or an
///   ``HKDiscreteQuantitySample`` depending on the type's aggregation style. A Swift initializer cannot return a
///   subclass, so here the initializers create a plain `HKQuantitySample`, and the store returns the matching
///   subclass from queries. Code that checks `as? HKDiscreteQuantitySample` works on what queries return.
public class HKQuantitySample: HKSample, @unchecked Sendable {
    /// The sample's quantity type.
    public let quantityType: HKQuantityType
    /// The value and its unit, compatible with the type's canonical unit. For a sample of several quantities (built
    /// by ``HKQuantitySeriesSampleBuilder``): their sum for a cumulative type, their average for a discrete one.
    public let quantity: HKQuantity
    /// For a sample of several quantities, how many and (discrete types) their extremes and latest; nil for one.
    package let series: QuantitySeriesSummary?
    /// The quantities of a series sample being saved (``HKQuantitySeriesSampleBuilder`` sets them, in start order);
    /// nil on samples read from the store, whose quantities ``HKQuantitySeriesSampleQuery`` reads.
    package let seriesEntries: [QuantitySeriesEntry]?

    package required init(
        uuid: UUID, type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision, series: QuantitySeriesSummary? = nil,
        seriesEntries: [QuantitySeriesEntry]? = nil
    ) {
        quantityType = type
        self.quantity = quantity
        self.series = series
        self.seriesEntries = seriesEntries
        super.init(
            uuid: uuid, sampleType: type, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision
        )
    }

    /// Creates a sample with no device or metadata; invalid input raises, as in HealthKit.
    public convenience init(type: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date) {
        self.init(type: type, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Creates a sample with metadata and no device; invalid input raises, as in HealthKit.
    public convenience init(
        type: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date, metadata: [String: Any]?
    ) {
        self.init(type: type, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates a sample; an incompatible unit or an invalid date, value or metadata raises, as in HealthKit.
    public convenience init(
        type: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), type: type, quantity: quantity, start: startDate, end: endDate, device: device,
            metadata: metadata, sourceRevision: .placeholder()
        )
        validateOrRaise()
    }

    /// Creates a sample with no device or metadata: HealthKit's Swift 2 spelling of
    /// ``init(type:quantity:start:end:)``.
    @available(*, deprecated, renamed: "init(type:quantity:start:end:)")
    public convenience init(type: HKQuantityType, quantity: HKQuantity, startDate: Date, endDate: Date) {
        self.init(type: type, quantity: quantity, start: startDate, end: endDate)
    }

    /// Creates a sample with metadata and no device: HealthKit's Swift 2 spelling of
    /// ``init(type:quantity:start:end:metadata:)``.
    @available(*, deprecated, renamed: "init(type:quantity:start:end:metadata:)")
    public convenience init(
        type: HKQuantityType, quantity: HKQuantity, startDate: Date, endDate: Date, metadata: [String: Any]?
    ) {
        self.init(type: type, quantity: quantity, start: startDate, end: endDate, metadata: metadata)
    }

    /// Creates a sample: HealthKit's Swift 2 spelling of ``init(type:quantity:start:end:device:metadata:)``.
    @available(*, deprecated, renamed: "init(type:quantity:start:end:device:metadata:)")
    public convenience init(
        type: HKQuantityType, quantity: HKQuantity, startDate: Date, endDate: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(type: type, quantity: quantity, start: startDate, end: endDate, device: device, metadata: metadata)
    }

    /// Creates a sample, throwing ``HKError`` `errorInvalidArgument` where HealthKit's initializer raises.
    public convenience init(
        validating type: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
        device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) {
        self.init(
            uuid: UUID(), type: type, quantity: quantity, start: startDate, end: endDate, device: device,
            metadata: metadata, sourceRevision: .placeholder()
        )
        try validate()
    }

    /// A saved sample rebuilt by the store: an ``HKCumulativeQuantitySample`` for a cumulative type (an
    /// ``HKCumulativeQuantitySeriesSample`` when it holds a series), an ``HKDiscreteQuantitySample`` otherwise, with
    /// its saved UUID and source revision. `seriesEntries` is for a series sample being saved (the wire's).
    package static func stored(
        uuid: UUID, type: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision, series: QuantitySeriesSummary? = nil,
        seriesEntries: [QuantitySeriesEntry]? = nil
    ) -> HKQuantitySample {
        let sampleClass: HKQuantitySample.Type
        switch (type.aggregationStyle, series) {
        case (.cumulative, nil): sampleClass = HKCumulativeQuantitySample.self
        case (.cumulative, _): sampleClass = HKCumulativeQuantitySeriesSample.self
        default: sampleClass = HKDiscreteQuantitySample.self
        }
        return sampleClass.init(
            uuid: uuid, type: type, quantity: quantity, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision, series: series, seriesEntries: seriesEntries
        )
    }

    /// The number of quantities the sample holds: 1 for a sample made with an initializer, the number inserted for
    /// one built by ``HKQuantitySeriesSampleBuilder``.
    public var count: Int { series?.count ?? 1 }

    package override func validate() throws(HKError) {
        try super.validate()
        try QuantityValidation.validate(quantity, for: quantityType)
        if let seriesEntries { try QuantitySeriesValidation.validate(seriesEntries, of: self) }
    }

    package override var valueDescription: String? { quantity.description }

    /// Archives the sample, the quantity and, for a series, its count, extremes and latest quantity (the quantities
    /// themselves stay in the store, where ``HKQuantitySeriesSampleQuery`` reads them).
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(quantity, forKey: "quantity")
        series?.encode(with: coder)
    }

    /// Unarchives a quantity sample; nil without a quantity type, or a quantity in a unit of the type.
    public required init?(coder: NSCoder) {
        guard let type = Self.archivedType(HKQuantityType.self, in: coder),
            let quantity = coder.decodeIfPresent(HKQuantity.self, forKey: "quantity"),
            quantity.is(compatibleWith: type.canonicalUnit)
        else { return nil }
        quantityType = type
        self.quantity = quantity
        series = QuantitySeriesSummary(coder: coder)
        seriesEntries = nil
        super.init(coder: coder)
    }
}
