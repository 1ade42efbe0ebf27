import Testing
@testable import OpenHealthKitModel

@Suite struct WorkoutActivityTypeTests {
    @Test func rawValuesAreHealthKits() {
        let rawValues = HKWorkoutActivityType.allCases.map(\.rawValue)
        #expect(rawValues == Array(1...80) + [82, 83, 84, 3000])
        #expect(HKWorkoutActivityType.americanFootball.rawValue == 1)
        #expect(HKWorkoutActivityType.dance.rawValue == 14)
        #expect(HKWorkoutActivityType.danceInspiredTraining.rawValue == 15)
        #expect(HKWorkoutActivityType.mixedMetabolicCardioTraining.rawValue == 30)
        #expect(HKWorkoutActivityType.running.rawValue == 37)
        #expect(HKWorkoutActivityType.yoga.rawValue == 57)
        #expect(HKWorkoutActivityType.barre.rawValue == 58)
        #expect(HKWorkoutActivityType.highIntensityIntervalTraining.rawValue == 63)
        #expect(HKWorkoutActivityType.cooldown.rawValue == 80)
        #expect(HKWorkoutActivityType.swimBikeRun.rawValue == 82)
        #expect(HKWorkoutActivityType.underwaterDiving.rawValue == 84)
        #expect(HKWorkoutActivityType.other.rawValue == 3000)
        #expect(HKWorkoutActivityType(rawValue: 81) == nil)
    }

    @Test func exportNames() {
        #expect(HKWorkoutActivityType.running.exportName == "HKWorkoutActivityTypeRunning")
        #expect(
            HKWorkoutActivityType.highIntensityIntervalTraining.exportName
                == "HKWorkoutActivityTypeHighIntensityIntervalTraining")
        #expect(HKWorkoutActivityType(exportName: "HKWorkoutActivityTypeTaiChi") == .taiChi)
        #expect(HKWorkoutActivityType(exportName: "HKWorkoutActivityTypeOther") == .other)
        #expect(HKWorkoutActivityType(exportName: "running") == nil)
        #expect(HKWorkoutActivityType(exportName: "HKWorkoutActivityTypeRest") == nil)
        for type in HKWorkoutActivityType.allCases {
            #expect(HKWorkoutActivityType(exportName: type.exportName) == type)
        }
    }
}
