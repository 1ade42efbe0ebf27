import Testing
@testable import OpenHealthKitModel

/// Raw values of the hand-written enumerations (HealthKit's headers number them without gaps).
@Suite struct HealthKitEnumTests {
    static func rawValues<Value: CaseIterable & RawRepresentable>(_: Value.Type) -> [Int] where Value.RawValue == Int {
        Value.allCases.map(\.rawValue)
    }

    @Test func metadataEnumerations() {
        #expect(Self.rawValues(HKHeartRateSensorLocation.self) == Array(0...6))
        #expect(HKHeartRateSensorLocation.earLobe.rawValue == 5)
        #expect(Self.rawValues(HKBodyTemperatureSensorLocation.self) == Array(0...11))
        #expect(HKBodyTemperatureSensorLocation.gastroIntestinal.rawValue == 5)
        #expect(HKBodyTemperatureSensorLocation.forehead.rawValue == 11)
        #expect(Self.rawValues(HKHeartRateMotionContext.self) == Array(0...2))
        #expect(Self.rawValues(HKUserMotionContext.self) == Array(0...2))
        #expect(Self.rawValues(HKBloodGlucoseMealTime.self) == [1, 2])
        #expect(HKInsulinDeliveryReason.basal.rawValue == 1)
        #expect(HKInsulinDeliveryReason.bolus.rawValue == 2)
        #expect(Self.rawValues(HKVO2MaxTestType.self) == Array(1...4))
        #expect(Self.rawValues(HKHeartRateRecoveryTestType.self) == Array(1...3))
        #expect(Self.rawValues(HKWeatherCondition.self) == Array(0...27))
        #expect(HKWeatherCondition.thunderstorms.rawValue == 24)
        #expect(HKWeatherCondition.tornado.rawValue == 27)
        #expect(Self.rawValues(HKWorkoutSwimmingLocationType.self) == Array(0...2))
        #expect(Self.rawValues(HKSwimmingStrokeStyle.self) == Array(0...6))
        #expect(HKSwimmingStrokeStyle.kickboard.rawValue == 6)
        #expect(Self.rawValues(HKDevicePlacementSide.self) == Array(0...3))
        #expect(Self.rawValues(HKWaterSalinity.self) == [1, 2])
        #expect(Self.rawValues(HKCyclingFunctionalThresholdPowerTestType.self) == Array(1...4))
        #expect(Self.rawValues(HKPhysicalEffortEstimationType.self) == [1, 2])
        #expect(Self.rawValues(HKAppleECGAlgorithmVersion.self) == [1, 2])
    }

    @Test func everyMetadataEnumerationIsDeclared() {
        let declared: Set<String> = [
            "HKWorkoutActivityType", "HKHeartRateSensorLocation", "HKBodyTemperatureSensorLocation",
            "HKHeartRateMotionContext",
            "HKUserMotionContext", "HKBloodGlucoseMealTime", "HKInsulinDeliveryReason", "HKVO2MaxTestType",
            "HKHeartRateRecoveryTestType", "HKWeatherCondition", "HKWorkoutSwimmingLocationType",
            "HKSwimmingStrokeStyle",
            "HKDevicePlacementSide", "HKWaterSalinity", "HKCyclingFunctionalThresholdPowerTestType",
            "HKPhysicalEffortEstimationType", "HKAppleECGAlgorithmVersion",
        ]
        let used = Set(
            MetadataKeyCatalog.keys.compactMap { descriptor -> String? in
                if case .enumeration(let name) = descriptor.valueKind { return name }
                return nil
            })
        #expect(used == declared)
    }

    @Test func characteristics() {
        #expect(Self.rawValues(HKBiologicalSex.self) == Array(0...3))
        #expect(HKBiologicalSex.other.rawValue == 3)
        #expect(Self.rawValues(HKBloodType.self) == Array(0...8))
        #expect(HKBloodType.abPositive.rawValue == 5)
        #expect(HKBloodType.oNegative.rawValue == 8)
        #expect(Self.rawValues(HKFitzpatrickSkinType.self) == Array(0...6))
        #expect(HKFitzpatrickSkinType.VI.rawValue == 6)
        #expect(Self.rawValues(HKWheelchairUse.self) == Array(0...2))
        #expect(HKWheelchairUse.yes.rawValue == 2)
        #expect(Self.rawValues(HKActivityMoveMode.self) == [1, 2])
    }

    @Test func characteristicObjectsWrapTheirValue() {
        #expect(HKBiologicalSexObject(biologicalSex: .female).biologicalSex == .female)
        #expect(HKBloodTypeObject(bloodType: .bNegative).bloodType == .bNegative)
        #expect(HKFitzpatrickSkinTypeObject(skinType: .III).skinType == .III)
        #expect(HKWheelchairUseObject(wheelchairUse: .no).wheelchairUse == .no)
        #expect(HKActivityMoveModeObject(activityMoveMode: .appleMoveTime).activityMoveMode == .appleMoveTime)
    }

    @Test func authorization() {
        #expect(Self.rawValues(HKAuthorizationStatus.self) == Array(0...2))
        #expect(HKAuthorizationStatus.sharingAuthorized.rawValue == 2)
        #expect(Self.rawValues(HKAuthorizationRequestStatus.self) == Array(0...2))
        #expect(HKAuthorizationRequestStatus.unnecessary.rawValue == 2)
        #expect(Self.rawValues(HKUpdateFrequency.self) == Array(1...4))
        #expect(HKUpdateFrequency.weekly.rawValue == 4)
    }
}
