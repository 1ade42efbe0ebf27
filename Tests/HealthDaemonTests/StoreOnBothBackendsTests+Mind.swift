import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// States of mind and scored assessments (GAD-7, PHQ-9) on both backends: saved by an app, read back whole,
/// selected by HealthKit's predicates, and refused when HealthKit would refuse them.
extension StoreOnBothBackendsTests {
    static let stateOfMind = HKObjectType.stateOfMindType()
    static let gad7 = HKScoredAssessmentType(.GAD7)
    static let phq9 = HKScoredAssessmentType(.PHQ9)

    static func mood(
        _ valence: Double, at offset: TimeInterval, kind: HKStateOfMind.Kind = .momentaryEmotion,
        labels: [HKStateOfMind.Label], associations: [HKStateOfMind.Association]
    ) -> HKStateOfMind {
        HKStateOfMind(
            date: Date(timeIntervalSince1970: 1_700_000_000 + offset), kind: kind, valence: valence, labels: labels,
            associations: associations)
    }

    @Test(arguments: StoreBackend.allCases)
    func aStateOfMindComesBackWithItsKindValenceLabelsAndAssociations(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.stateOfMind])
            let saved = HKStateOfMind(
                date: Date(timeIntervalSince1970: 1_700_000_000), kind: .dailyMood, valence: 0.6,
                labels: [.grateful, .calm], associations: [.family, .fitness], metadata: ["note": "walk in the park"])
            try await store.save(saved)
            let found = try await HKSampleQueryDescriptor(predicates: [.stateOfMind()], sortDescriptors: []).result(
                for: store)
            try #require(found.count == 1)
            let mood = found[0]
            #expect(mood.uuid == saved.uuid)
            #expect(mood.kind == .dailyMood)
            #expect(mood.valence == 0.6)
            #expect(mood.valenceClassification == .pleasant)
            #expect(mood.labels == [.grateful, .calm])
            #expect(mood.associations == [.family, .fitness])
            #expect(mood.metadata?["note"] as? String == "walk in the park")
            #expect(mood.startDate == mood.endDate)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func stateOfMindPredicatesSelectByValenceKindLabelAndAssociation(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.stateOfMind])
            let low = Self.mood(-0.7, at: 0, labels: [.stressed], associations: [.work])
            let high = Self.mood(0.8, at: 60, kind: .dailyMood, labels: [.happy], associations: [.friends, .work])
            let middle = Self.mood(0.1, at: 120, labels: [.content], associations: [.weather])
            try await store.save([low, high, middle])
            func uuids(_ predicate: NSPredicate) async throws -> Set<UUID> {
                Set(try await Fetch.samples(store, Self.stateOfMind, predicate: predicate).map(\.uuid))
            }
            #expect(
                try await uuids(HKQuery.predicateForStatesOfMind(withValence: 0, operatorType: .greaterThan))
                    == [high.uuid, middle.uuid])
            #expect(
                try await uuids(HKQuery.predicateForStatesOfMind(withValence: -0.7, operatorType: .lessThanOrEqualTo))
                    == [low.uuid])
            #expect(try await uuids(HKQuery.predicateForStatesOfMind(with: .dailyMood)) == [high.uuid])
            #expect(
                try await uuids(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Label.content)) == [middle.uuid])
            #expect(
                try await uuids(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Association.work))
                    == [low.uuid, high.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aStateOfMindWithAValenceOutOfRangeIsRefusedAndNothingIsStored(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.stateOfMind])
            let fine = Self.mood(0.2, at: 0, labels: [.calm], associations: [])
            let outOfRange = HKStateOfMind(
                uuid: UUID(), date: Date(timeIntervalSince1970: 1_700_000_060), kind: .momentaryEmotion, valence: 1.5,
                labels: [], associations: [], device: nil, metadata: nil, sourceRevision: .placeholder())
            #expect(await failure { try await store.save([fine, outOfRange]) } == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, Self.stateOfMind).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func assessmentsComeBackWithTheirAnswersScoreAndRisk(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.gad7, Self.phq9])
            let date = Date(timeIntervalSince1970: 1_700_000_000)
            let anxiety = HKGAD7Assessment(
                date: date,
                answers: [
                    .severalDays, .moreThanHalfTheDays, .nearlyEveryDay, .notAtAll, .severalDays, .notAtAll,
                    .severalDays,
                ])
            let depression = HKPHQ9Assessment(
                date: date,
                answers: [
                    .nearlyEveryDay, .nearlyEveryDay, .moreThanHalfTheDays, .nearlyEveryDay, .nearlyEveryDay,
                    .moreThanHalfTheDays, .nearlyEveryDay, .severalDays, .preferNotToAnswer,
                ])
            try await store.save([anxiety, depression])
            let gad7 = try #require(
                try await HKSampleQueryDescriptor(predicates: [.gad7Assessment()], sortDescriptors: []).result(
                    for: store
                )
                .first)
            #expect(gad7.answers == anxiety.answers)
            #expect(gad7.score == 8)
            #expect(gad7.risk == .mild)
            let phq9 = try #require(
                try await HKSampleQueryDescriptor(predicates: [.phq9Assessment()], sortDescriptors: []).result(
                    for: store
                )
                .first)
            #expect(phq9.answers.last == .preferNotToAnswer)
            #expect(phq9.score == 20)
            #expect(phq9.risk == .severe)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAssessmentWithTheWrongNumberOfAnswersIsRefused(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.gad7])
            let short = HKGAD7Assessment(
                uuid: UUID(), date: Date(timeIntervalSince1970: 1_700_000_000), answers: [.notAtAll, .severalDays],
                device: nil, metadata: nil, sourceRevision: .placeholder())
            #expect(await failure { try await store.save(short) } == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, Self.gad7).isEmpty)
        }
    }
}
