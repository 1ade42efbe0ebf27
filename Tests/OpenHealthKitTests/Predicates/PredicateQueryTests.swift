import Foundation
import Testing
import OpenHealthKit

/// Every kind of HKQuery predicate, run end to end through the SQL store on ``PredicateDataset``.
@Suite struct PredicateQueryTests {
    typealias D = PredicateDataset

    // MARK: Dates

    @Test func datesWithEachOptionBehaviour() async throws {
        let d = try await D.make()
        let start = D.date(3000), end = D.date(7230)
        func window(_ options: HKQueryOptions) -> NSPredicate {
            HKQuery.predicateForSamples(withStart: start, end: end, options: options)
        }
        // Overlap: ends at or after the start, starts before the end.
        #expect(try await d.masses(window([])) == d.ids(d.m2, d.m3, d.m4, d.m5))
        #expect(try await d.masses(window(.strictStartDate)) == d.ids(d.m2, d.m3))
        #expect(try await d.masses(window(.strictEndDate)) == d.ids(d.m2, d.m5))
        #expect(try await d.masses(window([.strictStartDate, .strictEndDate])) == d.ids(d.m2))
    }

    @Test func dateBoundsAreHalfOpenAndMayBeLeftOpen() async throws {
        let d = try await D.make()
        // m1 ends exactly at 60 and starts exactly at 0.
        #expect(
            try await d.masses(HKQuery.predicateForSamples(withStart: D.date(60), end: D.date(61))).contains(d.m1.uuid))
        #expect(
            try await !d.masses(
                HKQuery.predicateForSamples(withStart: D.date(-10), end: D.date(0), options: .strictStartDate)
            ).contains(d.m1.uuid))
        #expect(
            try await d.masses(HKQuery.predicateForSamples(withStart: nil, end: D.date(3000)))
                == d.ids(d.m1, d.m4, d.m5))
        #expect(try await d.masses(HKQuery.predicateForSamples(withStart: D.date(7000), end: nil)) == d.ids(d.m3, d.m4))
        #expect(try await d.masses(HKQuery.predicateForSamples(withStart: nil, end: nil)).count == 5)
    }

    // MARK: Sources, revisions, devices, UUIDs

    @Test func sources() async throws {
        let d = try await D.make()
        let a = d.m1.sourceRevision.source, b = d.m3.sourceRevision.source, owner = d.m5.sourceRevision.source
        #expect(try await d.masses(HKQuery.predicateForObjects(from: a)) == d.ids(d.m1, d.m2))
        #expect(try await d.masses(HKQuery.predicateForObjects(from: owner)) == d.ids(d.m5))
        #expect(try await d.masses(HKQuery.predicateForObjects(from: Set([a, b]))) == d.ids(d.m1, d.m2, d.m3, d.m4))
        #expect(try await d.masses(HKQuery.predicateForObjects(from: Set<HKSource>())).isEmpty)
    }

    @Test func sourceRevisions() async throws {
        let d = try await D.make()
        let a = d.m1.sourceRevision.source, b = d.m3.sourceRevision.source
        func revisions(_ revisions: HKSourceRevision...) -> NSPredicate {
            HKQuery.predicateForObjects(from: Set(revisions))
        }
        #expect(try await d.masses(revisions(HKSourceRevision(source: b, version: "9"))) == d.ids(d.m3, d.m4))
        #expect(try await d.masses(revisions(HKSourceRevision(source: b, version: "8"))).isEmpty)
        #expect(
            try await d.masses(revisions(HKSourceRevision(source: b, version: HKSourceRevisionAnyVersion)))
                == d.ids(d.m3, d.m4))
        #expect(
            try await d.masses(
                revisions(HKSourceRevision(source: a, version: "3"), HKSourceRevision(source: b, version: "9"))
            ).count == 4)
        // A stored revision matches itself exactly, nil product type included.
        #expect(try await d.masses(revisions(d.m1.sourceRevision)) == d.ids(d.m1, d.m2))
        let os = d.m1.sourceRevision.operatingSystemVersion
        let otherOS = OperatingSystemVersion(majorVersion: os.majorVersion + 1, minorVersion: 0, patchVersion: 0)
        #expect(
            try await d.masses(
                revisions(
                    HKSourceRevision(
                        source: a, version: HKSourceRevisionAnyVersion, productType: HKSourceRevisionAnyProductType,
                        operatingSystemVersion: otherOS))
            ).isEmpty)
        #expect(
            try await d.masses(
                revisions(
                    HKSourceRevision(
                        source: a, version: "3", productType: "iPhone1,1",
                        operatingSystemVersion: HKSourceRevisionAnyOperatingSystem))
            ).isEmpty)
        #expect(
            try await d.masses(
                revisions(
                    HKSourceRevision(
                        source: a, version: "3", productType: nil,
                        operatingSystemVersion: HKSourceRevisionAnyOperatingSystem))) == d.ids(d.m1, d.m2))
        #expect(try await d.masses(HKQuery.predicateForObjects(from: Set<HKSourceRevision>())).isEmpty)
    }

    @Test func devices() async throws {
        let d = try await D.make()
        #expect(try await d.masses(HKQuery.predicateForObjects(from: [D.scaleA])) == d.ids(d.m1))
        #expect(try await d.masses(HKQuery.predicateForObjects(from: [D.scaleA, D.scaleB])) == d.ids(d.m1, d.m3))
        // Every property must match, absent ones included.
        let lookalike = HKDevice(
            name: "Scale", manufacturer: "Acme", model: nil, hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil)
        #expect(try await d.masses(HKQuery.predicateForObjects(from: [lookalike])).isEmpty)
        #expect(try await d.masses(HKQuery.predicateForObjects(from: Set<HKDevice>())).isEmpty)
    }

    @Test func deviceProperties() async throws {
        let d = try await D.make()
        func property(_ key: String, _ values: Set<String>) -> NSPredicate {
            HKQuery.predicateForObjects(withDeviceProperty: key, allowedValues: values)
        }
        #expect(try await d.masses(property(HKDevicePropertyKeyName, ["Scale"])) == d.ids(d.m1, d.m3))
        #expect(try await d.masses(property(HKDevicePropertyKeyManufacturer, ["Acme"])) == d.ids(d.m1))
        #expect(try await d.masses(property(HKDevicePropertyKeyManufacturer, ["Acme", "Other"])) == d.ids(d.m1, d.m3))
        #expect(try await d.masses(property(HKDevicePropertyKeyHardwareVersion, ["2"])) == d.ids(d.m3))
        #expect(try await d.masses(property(HKDevicePropertyKeyLocalIdentifier, ["abc"])) == d.ids(d.m5))
        #expect(try await d.masses(property(HKDevicePropertyKeyModel, ["S2"])).isEmpty)
        // No allowed value: devices without the property.
        let withoutModel = try await d.masses(property(HKDevicePropertyKeyModel, []))
        #expect(withoutModel.isSuperset(of: d.ids(d.m3, d.m5)))
        #expect(!withoutModel.contains(d.m1.uuid))
    }

    @Test func uuids() async throws {
        let d = try await D.make()
        #expect(try await d.masses(HKQuery.predicateForObject(with: d.m1.uuid)) == d.ids(d.m1))
        #expect(
            try await d.masses(HKQuery.predicateForObjects(with: [d.m2.uuid, d.m3.uuid, UUID()])) == d.ids(d.m2, d.m3))
        #expect(try await d.masses(HKQuery.predicateForObject(with: UUID())).isEmpty)
        // A UUID of another type finds nothing of this one.
        #expect(try await d.masses(HKQuery.predicateForObject(with: d.ride.uuid)).isEmpty)
    }

    // MARK: Metadata

    @Test func metadataKeys() async throws {
        let d = try await D.make()
        #expect(try await d.masses(HKQuery.predicateForObjects(withMetadataKey: "Note")) == d.ids(d.m1, d.m3))
        #expect(try await d.masses(HKQuery.predicateForObjects(withMetadataKey: "Waist")) == d.ids(d.m3, d.m4))
        #expect(try await d.masses(HKQuery.predicateForObjects(withMetadataKey: "Nothing")).isEmpty)
    }

    @Test func metadataAllowedValues() async throws {
        let d = try await D.make()
        #expect(
            try await d.masses(
                HKQuery.predicateForObjects(withMetadataKey: "Note", allowedValues: ["morning", "noon"])) == d.ids(d.m1)
        )
        #expect(
            try await d.masses(HKQuery.predicateForObjects(withMetadataKey: "Rank", allowedValues: [2, 3]))
                == d.ids(d.m2))
        #expect(try await d.masses(HKQuery.predicateForObjects(withMetadataKey: "Rank", allowedValues: ["2"])).isEmpty)
        #expect(
            try await d.masses(HKQuery.predicateForObjects(withMetadataKey: "Measured", allowedValues: [D.t0]))
                == d.ids(d.m2))
        #expect(
            try await d.masses(
                HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered, allowedValues: [true]))
                == d.ids(d.m1))
        #expect(try await d.masses(HKQuery.predicateForObjects(withMetadataKey: "Note", allowedValues: [])).isEmpty)
    }

    @Test func metadataComparisons() async throws {
        let d = try await D.make()
        func compare(_ key: String, _ operation: _HKPredicateOperatorType, _ value: Any) -> NSPredicate {
            HKQuery.predicateForObjects(withMetadataKey: key, operatorType: operation, value: value)
        }
        // Strings.
        #expect(try await d.masses(compare("Note", .equalTo, "evening")) == d.ids(d.m3))
        #expect(try await d.masses(compare("Note", .lessThan, "f")) == d.ids(d.m3))
        // Numbers.
        #expect(try await d.masses(compare("Rank", .greaterThan, 3)) == d.ids(d.m3))
        #expect(try await d.masses(compare("Rank", .lessThanOrEqualTo, NSNumber(value: 5))) == d.ids(d.m2, d.m3))
        // Dates.
        #expect(try await d.masses(compare("Measured", .greaterThanOrEqualTo, D.date(-1))) == d.ids(d.m2))
        #expect(try await d.masses(compare("Measured", .lessThan, D.t0)).isEmpty)
        // Quantities, compared whatever unit each side uses (90 cm and 30 in = 76.2 cm).
        #expect(
            try await d.masses(
                compare("Waist", .greaterThan, HKQuantity(unit: .meterUnit(with: .centi), doubleValue: 80)))
                == d.ids(d.m3))
        #expect(
            try await d.masses(compare("Waist", .lessThan, HKQuantity(unit: .meter(), doubleValue: 0.8))) == d.ids(d.m4)
        )
        #expect(
            try await d.masses(compare("Waist", .greaterThan, HKQuantity(unit: .inch(), doubleValue: 35)))
                == d.ids(d.m3))
        #expect(
            try await d.masses(compare("Waist", .greaterThanOrEqualTo, HKQuantity(unit: .inch(), doubleValue: 29)))
                == d.ids(d.m3, d.m4))
        // A quantity of another dimension never matches, however the numbers compare.
        #expect(
            try await d.masses(
                compare("Waist", .lessThan, HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 1_000))
            ).isEmpty)
    }

    // MARK: Values

    @Test func quantitiesInAnotherUnitThanTheStoredOne() async throws {
        let d = try await D.make()
        func compare(_ operation: _HKPredicateOperatorType, _ quantity: HKQuantity) -> NSPredicate {
            HKQuery.predicateForQuantitySamples(with: operation, quantity: quantity)
        }
        // 165 lb = 74.84 kg.
        #expect(
            try await d.masses(compare(.greaterThan, HKQuantity(unit: .pound(), doubleValue: 165)))
                == d.ids(d.m2, d.m3, d.m4))
        #expect(
            try await d.masses(compare(.lessThanOrEqualTo, HKQuantity(unit: .gram(), doubleValue: 72_000)))
                == d.ids(d.m1, d.m5))
        #expect(
            try await d.masses(compare(.equalTo, HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 80)))
                == d.ids(d.m3))
        #expect(
            try await d.masses(compare(.notEqualTo, HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 80))).count
                == 4)
    }

    @Test func aQuantityOfTheWrongDimensionIsAnInvalidArgument() async throws {
        let d = try await D.make()
        let error = await #expect(throws: HKError.self) {
            try await d.masses(
                HKQuery.predicateForQuantitySamples(
                    with: .greaterThan, quantity: HKQuantity(unit: .meter(), doubleValue: 1)))
        }
        #expect(error?.code == .errorInvalidArgument)
        let onCategories = await #expect(throws: HKError.self) {
            try await Fetch.samples(
                d.store, d.sleep,
                predicate: HKQuery.predicateForQuantitySamples(
                    with: .greaterThan, quantity: HKQuantity(unit: .count(), doubleValue: 1)))
        }
        #expect(onCategories?.code == .errorInvalidArgument)
    }

    @Test func categoryValues() async throws {
        let d = try await D.make()
        func stages(_ predicate: NSPredicate) async throws -> Set<Int> {
            Set(
                try await Fetch.samples(d.store, d.sleep, predicate: predicate).compactMap {
                    ($0 as? HKCategorySample)?.value
                })
        }
        let awake = HKCategoryValueSleepAnalysis.awake.rawValue
        #expect(try await stages(HKQuery.predicateForCategorySamples(with: .equalTo, value: awake)) == [awake])
        #expect(try await stages(HKQuery.predicateForCategorySamples(with: .notEqualTo, value: awake)) == [0, 3, 5])
        // HKCategoryValueSleepAnalysis.predicateForSamples(equalTo:) builds this (once the value enums conform).
        let asleep = Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue))
        #expect(try await stages(HKQuery.predicateForCategorySamples(equalTo: asleep)) == [3, 5])
        #expect(
            try await stages(
                HKQuery.predicateForCategorySamples(
                    with: .greaterThanOrEqualTo, value: HKCategoryValueSleepAnalysis.asleepCore.rawValue)) == [3, 5])
        #expect(try await stages(HKQuery.predicateForCategorySamples(equalTo: [])).isEmpty)
    }

    @Test func workouts() async throws {
        let d = try await D.make()
        func workouts(_ predicate: NSPredicate) async throws -> Set<UUID> {
            try await Fetch.uuids(d.store, .workoutType(), predicate: predicate)
        }
        #expect(d.longRun.duration == 4800)
        #expect(try await workouts(HKQuery.predicateForWorkouts(with: .running)) == d.ids(d.shortRun, d.longRun))
        #expect(try await workouts(HKQuery.predicateForWorkouts(with: .swimming)).isEmpty)
        #expect(
            try await workouts(HKQuery.predicateForWorkouts(with: .greaterThan, duration: 45 * 60))
                == d.ids(d.ride, d.longRun))
        #expect(
            try await workouts(HKQuery.predicateForWorkouts(with: .lessThan, duration: 4000))
                == d.ids(d.shortRun, d.ride))
        #expect(
            try await workouts(
                HKQuery.predicateForWorkouts(
                    with: .greaterThanOrEqualTo, totalDistance: HKQuantity(unit: .mile(), doubleValue: 7)))
                == d.ids(d.ride, d.longRun))
    }

    @Test func objectsWithNoCorrelation() async throws {
        let d = try await D.make()
        let member = try #require(d.pressure.objects(for: d.systolic).first)
        #expect(try await Fetch.uuids(d.store, d.systolic) == d.ids(d.standaloneSystolic, member))
        #expect(
            try await Fetch.uuids(d.store, d.systolic, predicate: HKQuery.predicateForObjectsWithNoCorrelation())
                == d.ids(d.standaloneSystolic))
        #expect(
            try await Fetch.uuids(d.store, d.diastolic, predicate: HKQuery.predicateForObjectsWithNoCorrelation())
                .isEmpty)
    }

    // MARK: Compounds

    @Test func andOrNot() async throws {
        let d = try await D.make()
        let fromA = HKQuery.predicateForObjects(from: d.m1.sourceRevision.source)
        let heavy = HKQuery.predicateForQuantitySamples(
            with: .greaterThan, quantity: HKQuantity(unit: D.kg, doubleValue: 72))
        let evening = HKQuery.predicateForObjects(withMetadataKey: "Note", allowedValues: ["evening"])
        #expect(try await d.masses(NSCompoundPredicate(andPredicateWithSubpredicates: [fromA, heavy])) == d.ids(d.m2))
        #expect(
            try await d.masses(
                NSCompoundPredicate(orPredicateWithSubpredicates: [
                    HKQuery.predicateForObject(with: d.m1.uuid), evening,
                ])) == d.ids(d.m1, d.m3))
        #expect(try await d.masses(NSCompoundPredicate(notPredicateWithSubpredicate: fromA)) == d.ids(d.m3, d.m4, d.m5))
        let nested = NSCompoundPredicate(andPredicateWithSubpredicates: [
            NSCompoundPredicate(orPredicateWithSubpredicates: [fromA, evening]),
            NSCompoundPredicate(notPredicateWithSubpredicate: heavy),
        ])
        #expect(try await d.masses(nested) == d.ids(d.m1))
        #expect(try await d.masses(NSCompoundPredicate(andPredicateWithSubpredicates: [])).count == 5)
        #expect(try await d.masses(NSCompoundPredicate(orPredicateWithSubpredicates: [])).isEmpty)
        #expect(try await d.masses(NSPredicate(value: false)).isEmpty)
    }

    @Test func notIsTheComplementEvenForSamplesLackingTheTestedValue() async throws {
        let d = try await D.make()
        let morning = HKQuery.predicateForObjects(withMetadataKey: "Note", allowedValues: ["morning"])
        #expect(
            try await d.masses(NSCompoundPredicate(notPredicateWithSubpredicate: morning))
                == d.ids(d.m2, d.m3, d.m4, d.m5))
        let highRank = HKQuery.predicateForObjects(withMetadataKey: "Rank", operatorType: .greaterThan, value: 3)
        #expect(
            try await d.masses(NSCompoundPredicate(notPredicateWithSubpredicate: highRank))
                == d.ids(d.m1, d.m2, d.m4, d.m5))
        let acme = HKQuery.predicateForObjects(
            withDeviceProperty: HKDevicePropertyKeyManufacturer, allowedValues: ["Acme"])
        #expect(
            try await d.masses(NSCompoundPredicate(notPredicateWithSubpredicate: acme)) == d.ids(d.m2, d.m3, d.m4, d.m5)
        )
        let far = HKQuery.predicateForWorkouts(
            with: .greaterThan, totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 10))
        let noDistance = HKWorkout(activityType: .yoga, start: D.date(0), end: D.date(600))
        try await d.store.save(noDistance)
        #expect(
            try await Fetch.uuids(
                d.store, .workoutType(), predicate: NSCompoundPredicate(notPredicateWithSubpredicate: far))
                == d.ids(d.shortRun, noDistance))
    }

    // MARK: Unsupported predicates

    @Test func aBlockPredicateIsAnInvalidArgument() async throws {
        let d = try await D.make()
        let block = NSPredicate { _, _ in true }
        let error = await #expect(throws: HKError.self) { try await d.masses(block) }
        #expect(error?.code == .errorInvalidArgument)
        let nested = await #expect(throws: HKError.self) {
            try await d.masses(
                NSCompoundPredicate(andPredicateWithSubpredicates: [
                    HKQuery.predicateForObjectsWithNoCorrelation(), block,
                ]))
        }
        #expect(nested?.code == .errorInvalidArgument)
        let deleting = await #expect(throws: HKError.self) {
            try await d.store.deleteObjects(of: d.mass, predicate: block)
        }
        #expect(deleting?.code == .errorInvalidArgument)
        #expect(try await d.masses(nil).count == 5)
    }
}
