import Foundation
import Testing
@testable import OpenHealthKitModel

/// Object types archive as their identifiers and unarchive as the catalog's type: equal, of the same class, with the
/// same properties; an identifier that is not a type of the archived class fails to unarchive.
@Suite struct ObjectTypeArchivingTests {
    static let types: [HKObjectType] = [
        HKQuantityType(.heartRate), HKCategoryType(.sleepAnalysis),
        HKObjectType.characteristicType(forIdentifier: .bloodType)!,
        HKObjectType.correlationType(forIdentifier: .bloodPressure)!, HKObjectType.workoutType(),
        HKSeriesType.heartbeat(), HKObjectType.activitySummaryType(), HKObjectType.electrocardiogramType(),
        HKObjectType.audiogramSampleType(), HKObjectType.clinicalType(forIdentifier: .labResultRecord)!,
        HKObjectType.documentType(forIdentifier: .CDA)!, HKObjectType.stateOfMindType(),
        HKScoredAssessmentType(.PHQ9), HKObjectType.medicationDoseEventType(),
        HKObjectType.userAnnotatedMedicationType(), HKObjectType.visionPrescriptionType(),
    ]

    @Test(arguments: types)
    func everyKindOfTypeUnarchivesEqualAndOfItsClass(_ type: HKObjectType) throws {
        let copy = try archivedCopy(type, as: HKObjectType.self)
        #expect(copy == type)
        #expect(Swift.type(of: copy) == Swift.type(of: type))
    }

    @Test func aQuantityTypeKeepsItsAggregationStyleAndCanonicalUnit() throws {
        let copy = try archivedCopy(HKQuantityType(.stepCount))
        #expect(copy.aggregationStyle == .cumulative)
        #expect(copy.canonicalUnit == .count())
    }

    @Test func aReadOnlyTypeStaysReadOnly() throws {
        let copy = try archivedCopy(HKObjectType.electrocardiogramType(), as: HKSampleType.self)
        #expect(!copy.isShareable)
    }

    @Test func anIdentifierOfAnotherKindOfTypeFailsToUnarchive() throws {
        let coder = try forgedCoder {
            $0.encode(HKQuantityTypeIdentifier.heartRate.rawValue as NSString, forKey: "identifier")
        }
        #expect(HKCategoryType(coder: coder) == nil)
    }

    @Test func aSeriesIdentifierDoesNotUnarchiveAsAnotherKindOfSampleType() throws {
        let coder = try forgedCoder { $0.encode(HKDataTypeIdentifierHeartbeatSeries as NSString, forKey: "identifier") }
        #expect(HKElectrocardiogramType(coder: coder) == nil)
    }

    @Test func anUnknownIdentifierFailsToUnarchive() throws {
        let coder = try forgedCoder { $0.encode("HKDataTypeIdentifierTelepathy" as NSString, forKey: "identifier") }
        #expect(HKSeriesType(coder: coder) == nil)
    }
}
