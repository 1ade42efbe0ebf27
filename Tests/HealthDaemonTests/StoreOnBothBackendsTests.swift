import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// HKHealthStore's behaviour, the same on the embedded store and through a real healthd: one scenario, two backends.
@Suite struct StoreOnBothBackendsTests {
    let heartRate = HKQuantityType(.heartRate)
    let steps = HKQuantityType(.stepCount)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    func beat(_ value: Double, at offset: TimeInterval = 0, metadata: [String: Any]? = nil, device: HKDevice? = nil)
        -> HKQuantitySample
    {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + offset)
        return HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date, end: date,
            device: device, metadata: metadata)
    }

    @Test(arguments: StoreBackend.allCases)
    func aSavedSampleComesBackWithItsValuesStampedWithTheApp(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let device = HKDevice(
                name: "Strap", manufacturer: "Acme", model: "S1", hardwareVersion: nil, firmwareVersion: "2.1",
                softwareVersion: nil,
                localIdentifier: nil, UDIDeviceIdentifier: nil)
            let metadata: [String: Any] = [
                HKMetadataKeyHeartRateSensorLocation: NSNumber(value: HKHeartRateSensorLocation.chest.rawValue),
                "note": "after run", "checked": true, "when": Date(timeIntervalSince1970: 1_600_000_000.25),
                "temperature": HKQuantity(unit: .degreeCelsius(), doubleValue: 21.5),
            ]
            let sample = beat(72, metadata: metadata, device: device)
            try await store.save(sample)
            #expect(sample.sourceRevision.source.bundleIdentifier == "com.example.app")
            #expect(sample.sourceRevision.version == "3")

            let samples = try await Fetch.samples(store, heartRate)
            let stored = try #require(samples.first as? HKDiscreteQuantitySample)
            #expect(samples.count == 1)
            #expect(stored.uuid == sample.uuid)
            #expect(stored.startDate == sample.startDate && stored.endDate == sample.endDate)
            #expect(abs(stored.quantity.doubleValue(for: bpm) - 72) < 1e-9)
            #expect(stored.sourceRevision.source.name == "app")
            #expect(stored.device == device)
            #expect(stored.metadata?["note"] as? String == "after run")
            #expect((stored.metadata?["checked"] as? NSNumber)?.boolValue == true)
            #expect(stored.metadata?["when"] as? Date == Date(timeIntervalSince1970: 1_600_000_000.25))
            #expect((stored.metadata?["temperature"] as? HKQuantity)?.doubleValue(for: .degreeCelsius()) == 21.5)
            #expect(
                (stored.metadata?[HKMetadataKeyHeartRateSensorLocation] as? NSNumber)?.intValue
                    == HKHeartRateSensorLocation.chest.rawValue)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func authorizationStatusesFollowTheUsersAnswer(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store { request in
                AuthorizationAnswer(allowedToShare: request.toShare.filter { $0 == heartRate }, allowedToRead: [])
            }
            #expect(store.authorizationStatus(for: heartRate) == .notDetermined)
            #expect(
                try await store.statusForAuthorizationRequest(toShare: [heartRate, steps], read: [heartRate])
                    == .shouldRequest)
            try await store.requestAuthorization(toShare: [heartRate, steps], read: [heartRate])
            #expect(store.authorizationStatus(for: heartRate) == .sharingAuthorized)
            #expect(store.authorizationStatus(for: steps) == .sharingDenied)
            #expect(
                try await store.statusForAuthorizationRequest(toShare: [heartRate, steps], read: [heartRate])
                    == .unnecessary)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func savingNeedsTheUsersYesAndIsAllOrNothing(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store { request in
                AuthorizationAnswer(
                    allowedToShare: request.toShare.filter { $0 == heartRate }, allowedToRead: request.toRead)
            }
            let count = HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: Date(), end: Date())
            #expect(await failure { try await store.save(beat(60)) } == .errorAuthorizationNotDetermined)
            try await store.requestAuthorization(toShare: [heartRate, steps], read: [heartRate, steps])
            #expect(await failure { try await store.save([beat(61), count]) } == .errorAuthorizationDenied)
            #expect(try await Fetch.samples(store, heartRate).isEmpty)
            try await store.save(beat(62))
            #expect(try await Fetch.samples(store, heartRate).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppDeniedReadingSeesOnlyWhatItSaved(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let reader = try await world.authorizedStore(Apps.app("com.example.reader"), for: [heartRate])
            let denied = try await world.store(Apps.app("com.example.denied")) { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [])
            }
            try await denied.requestAuthorization(toShare: [heartRate], read: [heartRate])
            let theirs = beat(70), mine = beat(80, at: 60)
            try await reader.save(theirs)
            try await denied.save(mine)
            #expect(try await Fetch.samples(denied, heartRate).map(\.uuid) == [mine.uuid])
            #expect(Set(try await Fetch.samples(reader, heartRate).map(\.uuid)) == [theirs.uuid, mine.uuid])
            #expect(try await Fetch.sources(denied, heartRate).map(\.bundleIdentifier) == ["com.example.denied"])
            #expect(try await Fetch.sources(reader, heartRate).count == 2)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func predicatesSortAndLimitSelectTheSameSamples(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let samples = [
                beat(60, at: 0, metadata: ["zone": "rest"]), beat(90, at: 60),
                beat(120, at: 120, metadata: ["zone": "peak"]), beat(75, at: 180),
            ]
            try await store.save(samples)
            let fast = HKQuery.predicateForQuantitySamples(
                with: .greaterThan, quantity: HKQuantity(unit: bpm, doubleValue: 70))
            let newestFirst = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
            let top = try await Fetch.samples(store, heartRate, predicate: fast, sort: newestFirst, limit: 2)
            #expect(top.map(\.uuid) == [samples[3].uuid, samples[2].uuid])
            let tagged = HKQuery.predicateForObjects(withMetadataKey: "zone")
            let window = HKQuery.predicateForSamples(
                withStart: Date(timeIntervalSince1970: 1_700_000_030), end: Date(timeIntervalSince1970: 1_700_000_200),
                options: .strictStartDate)
            let both = NSCompoundPredicate(andPredicateWithSubpredicates: [tagged, window])
            #expect(try await Fetch.samples(store, heartRate, predicate: both).map(\.uuid) == [samples[2].uuid])
            let notTagged = NSCompoundPredicate(notPredicateWithSubpredicate: tagged)
            #expect(
                Set(try await Fetch.samples(store, heartRate, predicate: notTagged).map(\.uuid)) == [
                    samples[1].uuid, samples[3].uuid,
                ])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func appsDeleteWhatTheySavedAndNothingElse(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let mine = try await world.authorizedStore(for: [heartRate])
            let other = try await world.authorizedStore(Apps.app("com.example.other"), for: [heartRate])
            let a = beat(60), b = beat(61, at: 60), c = beat(62, at: 120), theirs = beat(63, at: 180)
            try await mine.save([a, b, c])
            try await other.save(theirs)
            #expect(await failure { try await mine.delete(theirs) } == .errorAuthorizationDenied)
            try await mine.delete(a)
            let removed = try await mine.deleteObjects(
                of: heartRate,
                predicate: HKQuery.predicateForQuantitySamples(
                    with: .lessThan, quantity: HKQuantity(unit: bpm, doubleValue: 100)))
            #expect(removed == 2)
            #expect(try await Fetch.samples(mine, heartRate).map(\.uuid) == [theirs.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDeletionFailsTheSameWayWhicheverOfItsObjectsAnotherAppStored(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let mine = try await world.authorizedStore(for: [heartRate])
            let other = try await world.authorizedStore(Apps.app("com.example.other"), for: [heartRate])
            let theirs = beat(63)
            try await other.save(theirs)
            let first = beat(60), second = beat(61)
            var refusals: [String] = []
            for objects in [[theirs, first], [first, theirs], [first, second], [second, first]] {
                let error = await #expect(throws: HKError.self) { try await mine.delete(objects) }
                refusals.append("\(error?.code.rawValue ?? -1) \(error?.message ?? "")")
            }
            #expect(refusals[0].hasPrefix("\(HKError.Code.errorAuthorizationDenied.rawValue) "))
            #expect(Set(refusals).count == 1, "\(refusals)")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAnchoredQueryWithAnUpdateHandlerDeliversSavesAndDeletions(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let first = beat(60)
            try await store.save(first)
            let inbox = Inbox<AnchoredDelivery>()
            let query = HKAnchoredObjectQuery(
                type: heartRate, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit,
                resultsHandler: inbox.anchoredHandler)
            query.updateHandler = inbox.anchoredHandler
            store.execute(query)
            let initial = try await inbox.next()
            #expect(initial.samples.map(\.uuid) == [first.uuid])

            let second = beat(70, at: 60)
            try await store.save(second)
            let added = try await inbox.next()
            #expect(added.samples.map(\.uuid) == [second.uuid])
            #expect(added.deleted.isEmpty)

            try await store.delete(first)
            let removed = try await inbox.next()
            #expect(removed.deleted.map(\.uuid) == [first.uuid])
            #expect(removed.samples.isEmpty)

            store.stop(query)
            try await store.save(beat(80, at: 120))
            #expect(try await inbox.rest().isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anObserverQueryHearsSavesOfItsTypeOnly(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate, steps])
            let inbox = Inbox<String>()
            let query = HKObserverQuery(sampleType: heartRate, predicate: nil) { _, completion, error in
                inbox.post(error.map { "\($0)" } ?? "changed")
                completion()
            }
            store.execute(query)
            try await store.save(
                HKQuantitySample(
                    type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 5), start: Date(), end: Date()))
            try await store.save(beat(66))
            #expect(try await inbox.next() == "changed")
            #expect(try await inbox.rest().isEmpty)
            store.stop(query)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func correlationsAndWorkoutsKeepTheirParts(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let systolic = HKQuantityType(.bloodPressureSystolic), diastolic = HKQuantityType(.bloodPressureDiastolic)
            let store = try await world.authorizedStore(for: [systolic, diastolic, .workoutType()])
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let mmHg = HKUnit.millimeterOfMercury()
            let pressure = HKCorrelation(
                type: HKCorrelationType(.bloodPressure), start: now, end: now,
                objects: [
                    HKQuantitySample(
                        type: systolic, quantity: HKQuantity(unit: mmHg, doubleValue: 120), start: now, end: now),
                    HKQuantitySample(
                        type: diastolic, quantity: HKQuantity(unit: mmHg, doubleValue: 80), start: now, end: now),
                ])
            let pause = HKWorkoutEvent(
                type: .pause, dateInterval: DateInterval(start: now.addingTimeInterval(600), duration: 0), metadata: nil
            )
            let resume = HKWorkoutEvent(
                type: .resume, dateInterval: DateInterval(start: now.addingTimeInterval(900), duration: 0),
                metadata: nil)
            let run = HKWorkout(
                activityType: .running, start: now, end: now.addingTimeInterval(3600), workoutEvents: [pause, resume],
                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 500),
                totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 10), metadata: nil)
            try await store.save([pressure, run])
            #expect(pressure.objects.allSatisfy { $0.sourceRevision.source.bundleIdentifier == "com.example.app" })

            let found = try await Fetch.correlations(
                store, HKCorrelationType(.bloodPressure),
                samplePredicates: [
                    systolic: HKQuery.predicateForQuantitySamples(
                        with: .greaterThan, quantity: HKQuantity(unit: mmHg, doubleValue: 110))
                ])
            let correlation = try #require(found.first)
            #expect(found.count == 1 && correlation.uuid == pressure.uuid)
            #expect(Set(correlation.objects.map(\.uuid)) == Set(pressure.objects.map(\.uuid)))
            #expect(
                try await Fetch.correlations(
                    store, HKCorrelationType(.bloodPressure),
                    samplePredicates: [
                        systolic: HKQuery.predicateForQuantitySamples(
                            with: .greaterThan, quantity: HKQuantity(unit: mmHg, doubleValue: 130))
                    ]
                ).isEmpty)

            let workout = try #require(try await Fetch.samples(store, .workoutType()).first as? HKWorkout)
            #expect(workout.uuid == run.uuid)
            #expect(workout.workoutActivityType == .running)
            #expect(workout.duration == run.duration)
            #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
            #expect(workout.totalDistance?.doubleValue(for: .meter()) == 10_000)
            #expect(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 500)
        }
    }

    /// The default source is the process's: the app of its first store. Tests beside this one make stores for
    /// other apps, so it runs in a process of its own.
    @Test(arguments: StoreBackend.allCases)
    func theDefaultSourceIsTheApps(_ backend: StoreBackend) async throws {
        await #expect(processExitsWith: .success) { [backend] in
            try await withWorld(backend) { world in
                let app = AppManifest(
                    bundleIdentifier: "com.example.defaultsource", name: "Default Source", version: "1",
                    shareUsageDescription: "Reads your data.", updateUsageDescription: "Saves your data.")
                _ = HKHealthStore(configuration: try await world.configuration(app))
                // On healthd, the app is learnt from healthd in the background.
                try await waitUntil("healthd to name the app") {
                    HKSource.default().bundleIdentifier == app.bundleIdentifier
                }
                let source = HKSource.default()
                #expect(source.bundleIdentifier == "com.example.defaultsource")
                #expect(source.name == "Default Source")
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func characteristicsNeedAReadDecision(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            try await world.setCharacteristic(.biologicalSex, String(HKBiologicalSex.female.rawValue))
            try await world.setCharacteristic(.dateOfBirth, "1980-04-12")
            let store = try await world.store()
            #expect(failure { _ = try store.biologicalSex() } == .errorAuthorizationNotDetermined)
            try await store.requestAuthorization(
                toShare: [], read: [HKCharacteristicType(.biologicalSex), HKCharacteristicType(.dateOfBirth)])
            #expect(try store.biologicalSex().biologicalSex == .female)
            let birthday = try store.dateOfBirthComponents()
            #expect(birthday.year == 1980 && birthday.month == 4 && birthday.day == 12)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func requestsHealthKitRefusesFailWithItsMessages(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let readOnly = AppManifest(
                bundleIdentifier: "com.example.readonly", name: "ReadOnly", shareUsageDescription: "Shows your trends.")
            let store = try await world.store(readOnly)
            let error = await #expect(throws: HKError.self) {
                try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
            }
            #expect(error?.code == .errorInvalidArgument)
            #expect(
                error?.message.hasPrefix("NSHealthUpdateUsageDescription must be set in the app's Info.plist") == true)
        }
    }
}
