import Foundation
import Testing
import OpenHealthKitModel
import OpenHealthKitTesting
import OpenHealthKitWire

/// The wire format carries every kind of object, metadata value and predicate without loss.
@Suite struct WireRoundTripTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000.123456)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    func roundTrip(_ sample: HKSample) throws -> HKSample {
        try roundTrip(WireSample(sample)).sample()
    }

    @Test func aQuantitySampleKeepsItsValuesDeviceAndEveryKindOfMetadata() throws {
        let device = HKDevice(
            name: "Strap", manufacturer: "Acme", model: nil, hardwareVersion: "1", firmwareVersion: nil,
            softwareVersion: "2",
            localIdentifier: nil, UDIDeviceIdentifier: "udi")
        let metadata: [String: Any] = [
            "text": "hello", "integer": 3, "real": 2.5, "flag": true, "date": Date(timeIntervalSince1970: 12.5),
            "quantity": HKQuantity(unit: .degreeCelsius(), doubleValue: 37.2),
        ]
        let sample = HKQuantitySample(
            type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 72), start: start,
            end: start.addingTimeInterval(1),
            device: device, metadata: metadata)
        let copy = try #require(try roundTrip(sample) as? HKQuantitySample)
        #expect(copy.uuid == sample.uuid)
        #expect(copy.startDate == sample.startDate && copy.endDate == sample.endDate)
        #expect(copy.quantity == sample.quantity)
        #expect(copy.device == device)
        #expect(copy.metadata?["text"] as? String == "hello")
        #expect((copy.metadata?["integer"] as? NSNumber)?.intValue == 3)
        #expect((copy.metadata?["real"] as? NSNumber)?.doubleValue == 2.5)
        #expect(WireMetadataValue(copy.metadata?["flag"] as Any) == .bool(true))
        #expect(copy.metadata?["date"] as? Date == Date(timeIntervalSince1970: 12.5))
        #expect(copy.metadata?["quantity"] as? HKQuantity == HKQuantity(unit: .degreeCelsius(), doubleValue: 37.2))
        #expect(copy is HKDiscreteQuantitySample)
    }

    @Test func categorySamplesCorrelationsAndWorkoutsKeepTheirParts() throws {
        let sleep = HKCategorySample(
            type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepDeep.rawValue, start: start,
            end: start.addingTimeInterval(3600))
        let copy = try #require(try roundTrip(sleep) as? HKCategorySample)
        #expect(copy.value == sleep.value && copy.categoryType == sleep.categoryType)

        let mmHg = HKUnit.millimeterOfMercury()
        let pressure = HKCorrelation(
            type: HKCorrelationType(.bloodPressure), start: start, end: start,
            objects: [
                HKQuantitySample(
                    type: HKQuantityType(.bloodPressureSystolic), quantity: HKQuantity(unit: mmHg, doubleValue: 120),
                    start: start, end: start),
                HKQuantitySample(
                    type: HKQuantityType(.bloodPressureDiastolic), quantity: HKQuantity(unit: mmHg, doubleValue: 80),
                    start: start, end: start),
            ])
        let pressureCopy = try #require(try roundTrip(pressure) as? HKCorrelation)
        #expect(Set(pressureCopy.objects.map(\.uuid)) == Set(pressure.objects.map(\.uuid)))

        let events = [
            HKWorkoutEvent(
                type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(60), duration: 0),
                metadata: ["why": "light"]),
            HKWorkoutEvent(
                type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(120), duration: 0),
                metadata: nil),
        ]
        let ride = HKWorkout(
            activityType: .cycling, start: start, end: start.addingTimeInterval(600), workoutEvents: events,
            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 90),
            totalDistance: HKQuantity(unit: .meter(), doubleValue: 3000),
            metadata: nil)
        let rideCopy = try #require(try roundTrip(ride) as? HKWorkout)
        #expect(rideCopy.workoutActivityType == .cycling)
        #expect(rideCopy.duration == ride.duration && ride.duration == 540)
        #expect(rideCopy.workoutEvents == ride.workoutEvents)
        #expect(rideCopy.workoutEvents?.first?.metadata?["why"] as? String == "light")
        #expect(rideCopy.totalEnergyBurned == ride.totalEnergyBurned && rideCopy.totalDistance == ride.totalDistance)
    }

    @Test func aWorkoutWithoutADurationGetsItsActiveTime() throws {
        var wire = WireSample(type: HKWorkoutTypeIdentifier, startDate: start, endDate: start.addingTimeInterval(600))
        wire.workoutActivityType = HKWorkoutActivityType.walking.rawValue
        wire.workoutEvents = [
            HKWorkoutEvent(
                type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(300), duration: 0),
                metadata: nil)
        ]
        .map(WireWorkoutEvent.init)
        #expect((try wire.sample() as? HKWorkout)?.duration == 300)
    }

    @Test func deletedObjectsSourceRevisionsAndErrorsSurvive() throws {
        let deleted = HKDeletedObject(
            uuid: UUID(), metadata: [HKMetadataKeySyncIdentifier: "a", HKMetadataKeySyncVersion: NSNumber(value: 2)])
        let copy = try roundTrip(WireDeletedObject(deleted)).deletedObject
        #expect(copy.uuid == deleted.uuid && copy.metadata?[HKMetadataKeySyncIdentifier] as? String == "a")
        #expect((copy.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.intValue == 2)

        let revision = HKSourceRevision(
            source: HKSource(name: "Cardio", bundleIdentifier: "com.example.cardio"), version: "4",
            productType: "Linux",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 6, minorVersion: 1, patchVersion: 2))
        #expect(try roundTrip(WireSourceRevision(revision)).sourceRevision == revision)

        let error = HKError(.errorAuthorizationDenied, "Not authorized to share HKQuantityTypeIdentifierHeartRate")
        let wire = try roundTrip(WireError(error))
        #expect(wire.error.domain == "com.apple.healthkit" && wire.error.code == 4)
        #expect(wire.hkError == error)
    }

    @Test func everyPredicateConditionSurvives() throws {
        let uuid = UUID()
        let conditions: [PredicateCondition] = [
            .sampleDates(SampleDateRange(start: start, end: nil, options: [.strictStartDate, .strictEndDate])),
            .sampleDates(SampleDateRange(start: nil, end: start, options: [])),
            .sources(bundleIdentifiers: ["a", "b"]),
            .sourceRevisions([
                SourceRevisionPattern(
                    HKSourceRevision(source: HKSource(name: "a", bundleIdentifier: "a"), version: "1")),
                SourceRevisionPattern(
                    HKSourceRevision(
                        source: HKSource(name: "b", bundleIdentifier: "b"), version: nil, productType: "Linux",
                        operatingSystemVersion: OperatingSystemVersion(
                            majorVersion: 6, minorVersion: 0, patchVersion: 1))),
            ]),
            .devices([[.name: "Strap", .manufacturer: "Acme"], [:]]),
            .deviceProperty(.model, allowedValues: ["S1", "S2"]),
            .uuids([uuid, UUID()]),
            .metadataKeyExists("zone"),
            .metadataAllowedValues(
                key: "zone",
                allowedValues: [
                    .string("peak"), .number(2), .date(start), .quantity(HKQuantity(unit: .meter(), doubleValue: 3)),
                ]),
            .metadataComparison(
                key: "temperature", comparison: .greaterThanOrEqualTo,
                value: .quantity(HKQuantity(unit: .degreeCelsius(), doubleValue: 37))),
            .noCorrelation,
            .workout(uuid: uuid),
            .quantity(comparison: .lessThan, quantity: HKQuantity(unit: bpm, doubleValue: 100)),
            .categoryValue(comparison: .notEqualTo, value: 2),
            .categoryValues([0, 1]),
            .workoutActivityType(HKWorkoutActivityType.running.rawValue),
            .workoutDuration(comparison: .greaterThan, duration: 600),
            .workoutTotal(
                .totalDistance, comparison: .equalTo, quantity: HKQuantity(unit: .meter(), doubleValue: 5000)),
            .activitySummaryDays(first: "2024-02-29", last: "2024-03-01"),
        ]
        for condition in conditions {
            #expect(try roundTrip(WirePredicate(.leaf(condition))).tree == .leaf(condition))
        }
        let tree = PredicateTree.and([.or([.leaf(.noCorrelation), .none]), .not(.leaf(.metadataKeyExists("x"))), .all])
        #expect(try roundTrip(WirePredicate(tree)).tree == tree)
    }

    /// Found by schemathesis: an unknown key beside the value's kind was ignored, so a value the schema refuses
    /// (`maxProperties: 1`) was accepted.
    @Test func aMetadataValueWithAnUnknownKeyBesideItsKindIsRefused() throws {
        let json = Data(#"{"bool": false, "x-schemathesis-additional": 42}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WireMetadataValue.self, from: json) }
        #expect(try JSONDecoder().decode(WireMetadataValue.self, from: Data(#"{"bool": false}"#.utf8)) == .bool(false))
    }

    @Test func badInputIsRefusedWithAMessage() throws {
        func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
            try JSONDecoder().decode(T.self, from: Data(json.utf8))
        }
        #expect(throws: DecodingError.self) { try decode(WirePredicate.self, #"{"kind": "sometimes"}"#) }
        #expect(throws: DecodingError.self) {
            try decode(
                WirePredicate.self, #"{"kind": "quantity", "operator": "~", "quantity": {"value": 1, "unit": "kg"}}"#)
        }
        #expect(throws: DecodingError.self) { try decode(WireMetadataValue.self, #"{"string": "a", "number": 1}"#) }
        #expect(throws: DecodingError.self) { try decode(WireMetadataValue.self, #"{"bool": false, "extra": 42}"#) }
        #expect(throws: DecodingError.self) { try decode(WireDate.self, #""yesterday""#) }
        let deep =
            String(repeating: #"{"kind": "not", "predicate": "#, count: 100) + #"{"kind": "all"}"#
            + String(repeating: "}", count: 100)
        #expect(throws: DecodingError.self) { try decode(WirePredicate.self, deep) }

        let iso = try decode(WireDate.self, #""2024-11-03T01:30:00.250+01:00""#)
        #expect(iso.date == Date(timeIntervalSince1970: 1_730_593_800.25))

        var wrongUnit = WireSample(type: "heartRate", startDate: start, endDate: start)
        wrongUnit.quantity = WireQuantity(value: 1, unit: "furlongs")
        #expect(failure { _ = try wrongUnit.sample() } == .errorInvalidArgument)
        var misplaced = WireSample(type: "heartRate", startDate: start, endDate: start)
        misplaced.quantity = WireQuantity(value: 60, unit: "count/min")
        misplaced.value = 1
        #expect(failure { _ = try misplaced.sample() } == .errorInvalidArgument)
        #expect(
            failure {
                _ = try WireSample(type: "HKQuantityTypeIdentifierMood", startDate: start, endDate: start).sample()
            } == .errorInvalidArgument)
        #expect(
            failure {
                _ = try WireSample(type: "HKCharacteristicTypeIdentifierBloodType", startDate: start, endDate: start)
                    .sample()
            } == .errorInvalidArgument)
    }

    @Test func anActivitySummaryKeepsItsDayValuesAndOptionalGoals() throws {
        let summary = HKActivitySummary(dayKey: "2024-03-01")
        summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 412.5)
        summary.appleExerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
        summary.exerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
        summary.appleStandHours = HKQuantity(unit: .count(), doubleValue: 11)
        let copy = try roundTrip(try WireActivitySummary(summary)).summary()
        #expect(copy.dateComponents(for: Calendar(identifier: .gregorian)).day == 1)
        #expect(copy.activeEnergyBurned == summary.activeEnergyBurned)
        #expect(
            copy.appleExerciseTimeGoal == summary.appleExerciseTimeGoal
                && copy.exerciseTimeGoal == summary.exerciseTimeGoal)
        #expect(copy.appleStandHours == summary.appleStandHours && copy.standHoursGoal == nil)
        #expect(copy.activityMoveMode == .activeEnergy)

        var wrongUnit = try WireActivitySummary(summary)
        wrongUnit.appleStandHours = WireQuantity(value: 1, unit: "kg")
        #expect(failure { _ = try wrongUnit.summary() } == .errorInvalidArgument)
        var badDay = try WireActivitySummary(summary)
        badDay.day = "March 1"
        #expect(failure { _ = try badDay.summary() } == .errorInvalidArgument)
        #expect(failure { _ = try WireActivitySummary(HKActivitySummary()) } == .errorInvalidArgument)
        let badPredicate = Data(
            #"{"kind": "activitySummaryDays", "firstDay": "2024-3-1", "lastDay": "2024-03-02"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WirePredicate.self, from: badPredicate) }
    }
}
