public import Foundation

/// An electrocardiogram: voltages measured on one or more leads at a sampling frequency, with the recording device's
/// classification of the rhythm.
///
/// The sample holds the summary; ``HKElectrocardiogramQuery`` (or ``HKElectrocardiogramQueryDescriptor``) reads
/// its ``VoltageMeasurement``s. Apps cannot create electrocardiograms (as in HealthKit); they come into the store from
/// a Health export's `electrocardiograms/*.csv` files.
public final class HKElectrocardiogram: HKSample, @unchecked Sendable {
    /// The number of voltage measurements in the electrocardiogram.
    public let numberOfVoltageMeasurements: Int
    /// The frequency the voltages were sampled at, in hertz; nil when unknown.
    public let samplingFrequency: HKQuantity?
    /// The device's classification of the recording.
    public let classification: Classification
    /// The user's average heart rate during the recording (count/min); nil when unknown.
    public let averageHeartRate: HKQuantity?
    /// Whether the user reported symptoms during the recording.
    public let symptomsStatus: SymptomsStatus

    package init(
        uuid: UUID, start: Date, end: Date, numberOfVoltageMeasurements: Int, samplingFrequency: HKQuantity?,
        classification: Classification, averageHeartRate: HKQuantity?, symptomsStatus: SymptomsStatus,
        device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.numberOfVoltageMeasurements = numberOfVoltageMeasurements
        self.samplingFrequency = samplingFrequency
        self.classification = classification
        self.averageHeartRate = averageHeartRate
        self.symptomsStatus = symptomsStatus
        super.init(
            uuid: uuid, sampleType: HKObjectType.electrocardiogramType(), start: start, end: end, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }

    package override var valueDescription: String? { "\(classification)" }

    /// Electrocardiograms are read-only: saving one is refused, as HealthKit refuses to share their type.
    package override func validate() throws(HKError) {
        throw .invalidArgument("Electrocardiograms are read-only: apps cannot save them")
    }

    /// A recording's classification, as the device determined it.
    public enum Classification: Int, Sendable, Hashable, CustomStringConvertible {
        /// No classification is set.
        case notSet = 0
        /// No signs of atrial fibrillation.
        case sinusRhythm = 1
        /// Signs of atrial fibrillation.
        case atrialFibrillation = 2
        /// The heart rate was too low (under 50 BPM) to check for atrial fibrillation.
        case inconclusiveLowHeartRate = 3
        /// The heart rate was too high to check for atrial fibrillation.
        case inconclusiveHighHeartRate = 4
        /// The recording did not meet the signal requirements for a classification.
        case inconclusivePoorReading = 5
        /// The classifier could not determine a classification.
        case inconclusiveOther = 6
        /// A classification this device does not recognize.
        case unrecognized = 100

        /// The case name, e.g. `sinusRhythm`.
        public var description: String {
            switch self {
            case .notSet: "notSet"
            case .sinusRhythm: "sinusRhythm"
            case .atrialFibrillation: "atrialFibrillation"
            case .inconclusiveLowHeartRate: "inconclusiveLowHeartRate"
            case .inconclusiveHighHeartRate: "inconclusiveHighHeartRate"
            case .inconclusivePoorReading: "inconclusivePoorReading"
            case .inconclusiveOther: "inconclusiveOther"
            case .unrecognized: "unrecognized"
            }
        }
    }

    /// Whether the user experienced symptoms during the recording (the symptoms themselves are category samples:
    /// query them with ``HKQuery/predicateForObjectsAssociated(electrocardiogram:)``).
    public enum SymptomsStatus: Int, Sendable, Hashable {
        /// The user did not say.
        case notSet = 0
        /// The user experienced no symptoms.
        case none = 1
        /// The user reported symptoms.
        case present = 2
    }

    /// A lead: where the voltages were measured.
    public enum Lead: Int, Sendable, Hashable {
        /// Apple Watch's electrical heart sensor, similar to a Lead I electrocardiogram.
        case appleWatchSimilarToLeadI = 1
    }

    /// Archives the sample's summary (the voltages stay in the store, where ``HKElectrocardiogramQuery`` reads them).
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(numberOfVoltageMeasurements, forKey: "numberOfVoltageMeasurements")
        coder.encode(samplingFrequency, forKey: "samplingFrequency")
        coder.encode(classification.rawValue, forKey: "classification")
        coder.encode(averageHeartRate, forKey: "averageHeartRate")
        coder.encode(symptomsStatus.rawValue, forKey: "symptomsStatus")
    }

    /// Unarchives an electrocardiogram; nil without a known classification and symptoms status.
    public required init?(coder: NSCoder) {
        guard let classification = coder.decodeEnum(Classification.self, forKey: "classification"),
            let symptomsStatus = coder.decodeEnum(SymptomsStatus.self, forKey: "symptomsStatus")
        else { return nil }
        numberOfVoltageMeasurements = coder.decodeInteger(forKey: "numberOfVoltageMeasurements")
        samplingFrequency = coder.decodeIfPresent(HKQuantity.self, forKey: "samplingFrequency")
        self.classification = classification
        averageHeartRate = coder.decodeIfPresent(HKQuantity.self, forKey: "averageHeartRate")
        self.symptomsStatus = symptomsStatus
        super.init(coder: coder)
    }
}
