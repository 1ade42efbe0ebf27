import Foundation
import Testing
@testable import OpenHealthKitModel

/// HealthKit's value classes (quantities, units, devices, sources, deleted objects, characteristics, activity
/// summaries) survive a secure `NSKeyedArchiver` round trip with every field.
@Suite struct ValueArchivingTests {
    @Test func aQuantityUnarchivesEqualToItself() throws {
        let quantity = HKQuantity(unit: HKUnit(from: "mg/dL"), doubleValue: 97.5)
        #expect(try archivedCopy(quantity) == quantity)
    }

    @Test func aUnitUnarchivesEqualToItself() throws {
        let unit = HKUnit(from: "mmol<180.15588000005408>/L")
        #expect(try archivedCopy(unit) == unit)
    }

    @Test func aUnitStringThatDoesNotParseFailsToUnarchive() throws {
        let coder = try forgedCoder { $0.encode("furlongs/fortnight" as NSString, forKey: "unitString") }
        #expect(HKUnit(coder: coder) == nil)
    }

    @Test func aDeviceUnarchivesWithEveryProperty() throws {
        let device = HKDevice(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: "1.0", softwareVersion: "10.1", localIdentifier: "local", UDIDeviceIdentifier: "udi")
        #expect(try archivedCopy(device) == device)
    }

    @Test func aDeviceWithoutPropertiesUnarchivesWithoutAny() throws {
        let device = HKDevice(
            name: nil, manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil, softwareVersion: nil,
            localIdentifier: nil, UDIDeviceIdentifier: nil)
        let copy = try archivedCopy(device)
        #expect(copy == device)
        #expect(copy.name == nil && copy.udiDeviceIdentifier == nil)
    }

    @Test func aSourceRevisionUnarchivesWithItsSourceVersionProductAndSystem() throws {
        let revision = HKSourceRevision(
            source: HKSource(name: "Heart Rate", bundleIdentifier: "com.example.heartrate"), version: "42",
            productType: "iPhone14,2",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 1))
        let copy = try archivedCopy(revision)
        #expect(copy == revision)
        #expect(copy.source.name == "Heart Rate")
    }

    @Test func aDeletedObjectKeepsItsUUIDAndSyncMetadata() throws {
        let deleted = HKDeletedObject(
            uuid: UUID(), metadata: [HKMetadataKeySyncIdentifier: "reading-1", HKMetadataKeySyncVersion: 3])
        let copy = try archivedCopy(deleted)
        #expect(copy == deleted)
        #expect(copy.metadata?[HKMetadataKeySyncIdentifier] as? String == "reading-1")
        #expect((copy.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.intValue == 3)
    }

    @Test func characteristicObjectsUnarchiveWithTheirValues() throws {
        #expect(try archivedCopy(HKBiologicalSexObject(biologicalSex: .female)).biologicalSex == .female)
        #expect(try archivedCopy(HKBloodTypeObject(bloodType: .oNegative)).bloodType == .oNegative)
        #expect(try archivedCopy(HKFitzpatrickSkinTypeObject(skinType: .III)).skinType == .III)
        #expect(try archivedCopy(HKWheelchairUseObject(wheelchairUse: .yes)).wheelchairUse == .yes)
        #expect(
            try archivedCopy(HKActivityMoveModeObject(activityMoveMode: .appleMoveTime)).activityMoveMode
                == .appleMoveTime)
    }

    @Test func aCharacteristicValueHealthKitDoesNotDefineFailsToUnarchive() throws {
        let coder = try forgedCoder { $0.encode(99, forKey: "bloodType") }
        #expect(HKBloodTypeObject(coder: coder) == nil)
    }

    @Test func anActivitySummaryKeepsItsQuantitiesGoalsMoveModeAndDay() throws {
        let summary = HKActivitySummary(dayKey: "2024-03-01")
        summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 512)
        summary.activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 600)
        summary.appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 31)
        summary.exerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
        summary.appleStandHours = HKQuantity(unit: .count(), doubleValue: 9)
        summary.activityMoveMode = .appleMoveTime
        summary.isPaused = true
        let copy = try archivedCopy(summary)
        #expect(copy.activeEnergyBurned == summary.activeEnergyBurned)
        #expect(copy.activeEnergyBurnedGoal == summary.activeEnergyBurnedGoal)
        #expect(copy.appleExerciseTime == summary.appleExerciseTime)
        #expect(copy.exerciseTimeGoal == summary.exerciseTimeGoal && copy.standHoursGoal == nil)
        #expect(copy.appleStandHours == summary.appleStandHours)
        #expect(copy.activityMoveMode == .appleMoveTime && copy.isPaused)
        let calendar = Calendar(identifier: .gregorian)
        #expect(copy.dateComponents(for: calendar).day == 1 && copy.dateComponents(for: calendar).month == 3)
    }
}
