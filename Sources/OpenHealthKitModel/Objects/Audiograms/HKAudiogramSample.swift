public import Foundation

/// The results of a hearing test: the sensitivity of each ear at each frequency tested.
///
/// An audiogram holds 1 to 30 ``HKAudiogramSensitivityPoint``s with unique frequencies in ascending order. The
/// initializers raise `NSInvalidArgumentException` for invalid input, as HealthKit's do;
/// ``init(validating:start:end:device:metadata:)`` throws instead.
public final class HKAudiogramSample: HKSample, @unchecked Sendable {
    /// The sensitivity points, by ascending frequency.
    public let sensitivityPoints: [HKAudiogramSensitivityPoint]

    package init(
        uuid: UUID, sensitivityPoints: [HKAudiogramSensitivityPoint], start: Date, end: Date, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.sensitivityPoints = sensitivityPoints
        super.init(
            uuid: uuid, sampleType: HKObjectType.audiogramSampleType(), start: start, end: end, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }

    /// An audiogram of `sensitivityPoints` taken from `start` to `end` on `device`.
    public convenience init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], start: Date, end: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), sensitivityPoints: sensitivityPoints, start: start, end: end, device: device,
            metadata: metadata, sourceRevision: .placeholder())
        validateOrRaise()
    }

    /// An audiogram of `sensitivityPoints` taken from `startDate` to `endDate` on `device`.
    public convenience init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], startDate: Date, endDate: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            sensitivityPoints: sensitivityPoints, start: startDate, end: endDate, device: device, metadata: metadata)
    }

    /// An audiogram of `sensitivityPoints` taken from `start` to `end` (HealthKit's form before devices).
    public convenience init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], start: Date, end: Date, metadata: [String: Any]?
    ) {
        self.init(sensitivityPoints: sensitivityPoints, start: start, end: end, device: nil, metadata: metadata)
    }

    /// An audiogram of `sensitivityPoints` taken from `startDate` to `endDate` (HealthKit's form before devices).
    public convenience init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], startDate: Date, endDate: Date, metadata: [String: Any]?
    ) {
        self.init(sensitivityPoints: sensitivityPoints, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// An audiogram, throwing ``HKError`` `errorInvalidArgument` where HealthKit's initializers raise.
    public convenience init(
        validating sensitivityPoints: [HKAudiogramSensitivityPoint], start: Date, end: Date, device: HKDevice? = nil,
        metadata: [String: Any]? = nil
    ) throws(HKError) {
        self.init(
            uuid: UUID(), sensitivityPoints: sensitivityPoints, start: start, end: end, device: device,
            metadata: metadata, sourceRevision: .placeholder())
        try validate()
    }

    package override func validate() throws(HKError) {
        try super.validate()
        try AudiogramValidation.validatePoints(sensitivityPoints)
    }

    package override var valueDescription: String? { "\(sensitivityPoints.count) points" }

    /// Archives the sample and its sensitivity points.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(sensitivityPoints as NSArray, forKey: "sensitivityPoints")
    }

    /// Unarchives an audiogram; nil without its sensitivity points.
    public required init?(coder: NSCoder) {
        guard let points = coder.decodeArray(of: HKAudiogramSensitivityPoint.self, forKey: "sensitivityPoints") else {
            return nil
        }
        sensitivityPoints = points
        super.init(coder: coder)
    }
}
