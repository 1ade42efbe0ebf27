import Foundation
import OpenHealthKitModel

/// What kind of records a stored sample type holds, as exports write them.
enum ExportTypeKind {
    case quantity(HKQuantityType)
    case category(HKCategoryType)
    case correlation(HKCorrelationType)
    case workout
    case audiogram
    case electrocardiogram
    case heartbeatSeries
    case clinicalRecord
    case visionPrescription
    case cdaDocument
    case stateOfMind
    case scoredAssessment
    case medicationDoseEvent
    /// Exported with their parent (workout routes) or not at all.
    case other

    /// The raw identifier of audiograms.
    static let audiogramIdentifier = HKObjectType.audiogramSampleType().identifier

    init(_ identifier: String) {
        switch identifier {
        case HKWorkoutTypeIdentifier: self = .workout
        case Self.audiogramIdentifier: self = .audiogram
        case HKObjectType.electrocardiogramType().identifier: self = .electrocardiogram
        case HKDataTypeIdentifierHeartbeatSeries: self = .heartbeatSeries
        default:
            switch HKObjectType.type(forRawIdentifier: identifier) {
            case let type as HKQuantityType: self = .quantity(type)
            case let type as HKCategoryType: self = .category(type)
            case let type as HKCorrelationType: self = .correlation(type)
            case is HKClinicalType: self = .clinicalRecord
            case is HKPrescriptionType: self = .visionPrescription
            case is HKDocumentType: self = .cdaDocument
            case is HKStateOfMindType: self = .stateOfMind
            case is HKScoredAssessmentType: self = .scoredAssessment
            case is HKMedicationDoseEventType: self = .medicationDoseEvent
            default: self = .other
            }
        }
    }

    /// Where the kind comes in an export: records, then correlations, workouts, clinical records, audiograms and
    /// vision prescriptions, as Apple orders them; then electrocardiograms (files of their own in Apple's format),
    /// documents (`export_cda.xml`), and the kinds Apple's format has no element for (heartbeat series, states of
    /// mind, assessments, dose events).
    var order: Int? {
        switch self {
        case .quantity, .category: 0
        case .correlation: 1
        case .workout: 2
        case .clinicalRecord: 3
        case .audiogram: 4
        case .visionPrescription: 5
        case .electrocardiogram: 6
        case .cdaDocument: 7
        case .heartbeatSeries: 8
        case .stateOfMind: 9
        case .scoredAssessment: 10
        case .medicationDoseEvent: 11
        case .other: nil
        }
    }
}

/// The records an ``ExportRequest``'s types select.
struct ExportSelection {
    /// The sample types asked for; nil: every stored one.
    let sampleTypes: Set<String>?
    let activitySummaries: Bool
    let characteristics: [HKCharacteristicTypeIdentifier]
    /// Records kept verbatim have no type of the catalog: they come only with everything.
    let everythingElse: Bool

    init(typeIdentifiers: [String]?) throws {
        guard let identifiers = typeIdentifiers else {
            sampleTypes = nil
            activitySummaries = true
            characteristics = Self.characteristicOrder
            everythingElse = true
            return
        }
        var samples: Set<String> = []
        var summaries = false
        var characteristics: [HKCharacteristicTypeIdentifier] = []
        for identifier in identifiers {
            if identifier == HKActivitySummaryTypeIdentifier {
                summaries = true
            } else if HKObjectType.type(forRawIdentifier: identifier) is HKCharacteristicType {
                characteristics.append(HKCharacteristicTypeIdentifier(rawValue: identifier))
            } else if identifier == HKWorkoutRouteTypeIdentifier {
                throw HKError(
                    .errorInvalidArgument, "workout routes are exported with their workouts: export the workout type")
            } else if ExportTypeKind(identifier).order != nil {
                samples.insert(identifier)
            } else {
                throw HKError(.errorInvalidArgument, "\(identifier) cannot be exported")
            }
        }
        sampleTypes = samples
        activitySummaries = summaries
        self.characteristics = characteristics
        everythingElse = false
    }

    /// Apple's order of the `Me` element's attributes, then the characteristics it lacks.
    private static let characteristicOrder: [HKCharacteristicTypeIdentifier] = [
        .dateOfBirth, .biologicalSex, .bloodType, .fitzpatrickSkinType, .wheelchairUse, .activityMoveMode,
    ]

    /// The selected types among the stored ones, in export order.
    func orderedSampleTypes(stored: [String]) -> [String] {
        stored
            .filter { sampleTypes?.contains($0) ?? true }
            .compactMap { identifier in ExportTypeKind(identifier).order.map { (identifier, $0) } }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .map(\.0)
    }
}

/// The kind of each type met so far, each looked up once (an export meets the same few types millions of times).
final class ExportTypeKinds {
    private var known: [String: ExportTypeKind] = [:]

    func kind(_ identifier: String) -> ExportTypeKind {
        if let kind = known[identifier] { return kind }
        let kind = ExportTypeKind(identifier)
        known[identifier] = kind
        return kind
    }
}
