import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// Characteristics: set by the user, read by apps allowed to; an undecided read throws, a denied one looks unset.
@Suite struct CharacteristicsTests {
    static let all: Set<HKObjectType> = Set(HKCharacteristicTypeIdentifier.allCases.map { HKCharacteristicType($0) })

    /// A harness whose owner has filled in every characteristic.
    static func filledIn() async throws -> StoreHarness {
        let harness = try StoreHarness()
        let values: [HKCharacteristicTypeIdentifier: String] = [
            .biologicalSex: String(HKBiologicalSex.female.rawValue),
            .bloodType: String(HKBloodType.oNegative.rawValue),
            .dateOfBirth: try CharacteristicCoding.storedDateOfBirth("1984-02-29"),
            .fitzpatrickSkinType: String(HKFitzpatrickSkinType.III.rawValue),
            .wheelchairUse: String(HKWheelchairUse.no.rawValue),
            .activityMoveMode: String(HKActivityMoveMode.appleMoveTime.rawValue),
        ]
        for (type, value) in values { try await harness.engine.setCharacteristic(type, to: value) }
        return harness
    }

    @Test func anAuthorizedAppReadsWhatTheOwnerSet() async throws {
        let store = try await Self.filledIn().store()
        try await store.requestAuthorization(toShare: [], read: Self.all)
        #expect(try store.biologicalSex().biologicalSex == .female)
        #expect(try store.bloodType().bloodType == .oNegative)
        #expect(try store.fitzpatrickSkinType().skinType == .III)
        #expect(try store.wheelchairUse().wheelchairUse == .no)
        #expect(try store.activityMoveMode().activityMoveMode == .appleMoveTime)
        let birthday = try store.dateOfBirthComponents()
        #expect(birthday.year == 1984)
        #expect(birthday.month == 2)
        #expect(birthday.day == 29)
        #expect(birthday.calendar?.identifier == .gregorian)
    }

    @Test func anUndecidedReadThrowsNotDetermined() async throws {
        let store = try await Self.filledIn().store()
        let readers: [() throws -> Any] = [
            { try store.biologicalSex() }, { try store.bloodType() }, { try store.dateOfBirthComponents() },
            { try store.fitzpatrickSkinType() }, { try store.wheelchairUse() }, { try store.activityMoveMode() },
        ]
        for read in readers {
            let error = #expect(throws: HKError.self) { _ = try read() }
            #expect(error?.code == .errorAuthorizationNotDetermined)
        }
    }

    @Test func aDeniedReadLooksLikeNothingWasSet() async throws {
        let store = try await Self.filledIn().store(answerer: RuleAnswerer { _ in .denyAll })
        try await store.requestAuthorization(toShare: [], read: Self.all)
        #expect(try store.biologicalSex().biologicalSex == .notSet)
        #expect(try store.bloodType().bloodType == .notSet)
        #expect(try store.fitzpatrickSkinType().skinType == .notSet)
        #expect(try store.wheelchairUse().wheelchairUse == .notSet)
        let birthday = try store.dateOfBirthComponents()
        #expect(birthday.year == nil && birthday.month == nil && birthday.day == nil)
        // Indistinguishable from an app allowed to read a user who set nothing.
        let unset = try StoreHarness().store()
        try await unset.requestAuthorization(toShare: [], read: Self.all)
        #expect(try unset.activityMoveMode().activityMoveMode == store.activityMoveMode().activityMoveMode)
    }

    @Test func aGrantForOneCharacteristicDoesNotOpenTheOthers() async throws {
        let store = try await Self.filledIn().store()
        try await store.requestAuthorization(toShare: [], read: [HKCharacteristicType(.bloodType)])
        #expect(try store.bloodType().bloodType == .oNegative)
        let error = #expect(throws: HKError.self) { try store.biologicalSex() }
        #expect(error?.code == .errorAuthorizationNotDetermined)
    }

    @Test func theOwnerChangesAreSeenAtOnce() async throws {
        let harness = try await Self.filledIn()
        let store = harness.store()
        try await store.requestAuthorization(toShare: [], read: Self.all)
        try await harness.engine.setCharacteristic(.biologicalSex, to: String(HKBiologicalSex.other.rawValue))
        #expect(try store.biologicalSex().biologicalSex == .other)
        try await harness.engine.setCharacteristic(.biologicalSex, to: nil)
        #expect(try store.biologicalSex().biologicalSex == .notSet)
    }
}
