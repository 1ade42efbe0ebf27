import Foundation
import Testing
import OpenHealthKitModel

/// The longest and shortest time a sample of each type may last, as HealthKit states them on its sample types.
@Suite struct SampleDurationLimitTests {
    static let day: TimeInterval = 86_400

    @Test func mostTypesAllowFourDays() {
        for type in [
            HKQuantityType(.stepCount), HKQuantityType(.heartRate), HKCategoryType(.sleepAnalysis),
            HKCorrelationType(.bloodPressure), HKObjectType.workoutType(),
        ] as [HKSampleType] {
            #expect(type.isMaximumDurationRestricted, "\(type.identifier)")
            #expect(type.maximumAllowedDuration == 4 * Self.day, "\(type.identifier)")
        }
    }

    @Test(arguments: [
        (HKCategoryTypeIdentifier.headache, 14.0), (.cervicalMucusQuality, 14), (.mindfulSession, 28),
        (.headphoneAudioExposureEvent, 8), (.appleWalkingSteadinessEvent, 10), (.sleepApneaEvent, 31),
        (.lowCardioFitnessEvent, 85), (.irregularMenstrualCycles, 365),
    ])
    func someCategoryTypesAllowLonger(_ identifier: HKCategoryTypeIdentifier, _ days: Double) {
        #expect(HKCategoryType(identifier).maximumAllowedDuration == days * Self.day)
    }

    @Test func walkingSteadinessAndAtrialFibrillationBurdenAllowLonger() {
        #expect(HKQuantityType(.appleWalkingSteadiness).maximumAllowedDuration == 10 * Self.day)
        #expect(HKQuantityType(.atrialFibrillationBurden).maximumAllowedDuration == 8 * Self.day)
    }

    @Test(arguments: [
        HKCategoryTypeIdentifier.pregnancy, .lactation, .contraceptive, .menstrualFlow, .bleedingDuringPregnancy,
    ])
    func pregnancyAndCycleTrackingTypesHaveNoMaximum(_ identifier: HKCategoryTypeIdentifier) {
        #expect(!HKCategoryType(identifier).isMaximumDurationRestricted)
    }

    @Test func prescriptionsRecordsAndRecordingsHaveNoMaximumUntilTheirLimitIsKnown() {
        for type in [
            HKObjectType.visionPrescriptionType(), HKObjectType.electrocardiogramType(),
            HKObjectType.audiogramSampleType(), HKObjectType.stateOfMindType(),
        ] as [HKSampleType] {
            #expect(!type.isMaximumDurationRestricted, "\(type.identifier)")
        }
    }

    @Test func askingTheMaximumOfAnUnrestrictedTypeRaises() async {
        await #expect(processExitsWith: .failure) {
            _ = HKCategoryType(.pregnancy).maximumAllowedDuration
        }
    }

    @Test func audioExposureLevelsLastAtLeastAMillisecond() {
        for identifier in [HKQuantityTypeIdentifier.environmentalAudioExposure, .headphoneAudioExposure] {
            #expect(HKQuantityType(identifier).isMinimumDurationRestricted)
            #expect(HKQuantityType(identifier).minimumAllowedDuration == 0.001)
        }
    }

    @Test func otherTypesHaveAMinimumOfZeroWithoutRaising() {
        #expect(!HKQuantityType(.stepCount).isMinimumDurationRestricted)
        #expect(HKQuantityType(.stepCount).minimumAllowedDuration == 0)
        #expect(HKCategoryType(.pregnancy).minimumAllowedDuration == 0)
    }

    @Test func onlyTheSixMinuteWalkDistanceAllowsRecalibration() {
        #expect(HKQuantityType(.sixMinuteWalkTestDistance).allowsRecalibrationForEstimates)
        #expect(!HKQuantityType(.stepCount).allowsRecalibrationForEstimates)
        #expect(!HKQuantityType(.vo2Max).allowsRecalibrationForEstimates)
    }
}
