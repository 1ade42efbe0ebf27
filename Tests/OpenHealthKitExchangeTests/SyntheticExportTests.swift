import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// `Synthetic/everything`: one export with every element the Health app writes, the iOS 16 DTD defect and a control
/// character (see Fixtures/Synthetic/make_everything.py).
@Suite struct SyntheticExportTests {
    static let path = "Synthetic/everything/apple_health_export/export.xml"
    let harness: ImportHarness
    let summary: ImportSummary

    init() throws {
        harness = try ImportHarness()
        summary = try harness.importing(fixture: "Synthetic/everything")
    }

    @Test func everyRecordIsAccountedFor() throws {
        #expect(summary.isBalanced)
        #expect(summary.skippedTotal == 0)
        // The document's records; the electrocardiogram files' recordings and symptoms are counted apart.
        let records = summary.records.filter {
            !$0.key.hasPrefix("HKCorrelation")
                && ![
                    "HKDataTypeIdentifierAudiogram", "HKDataTypeIdentifierElectrocardiogram",
                    HKVisionPrescriptionTypeIdentifier, HKDocumentTypeIdentifier.CDA.rawValue,
                ].contains($0.key)
        }
        let symptomsRead = ["HKCategoryTypeIdentifierSkippedHeartbeat", "HKCategoryTypeIdentifierFatigue"]
            .map { summary.read($0) }.reduce(0, +)
        #expect(symptomsRead == 2 && summary.read("HKDataTypeIdentifierElectrocardiogram") == 2)
        let unrecognizedRecords = summary.unrecognized["HKDataTypeSleepDurationGoal"]?.read ?? 0
        let recordsRead: Int = records.values.reduce(0) { $0 + $1.read } + unrecognizedRecords - symptomsRead
        let recordsInFile = try Fixtures.count("Record", in: Self.path)
        #expect(recordsRead == recordsInFile)
        let workoutsInFile = try Fixtures.count("Workout", in: Self.path)
        #expect(summary.workouts.read == workoutsInFile)
        let correlationsRead =
            summary.read("HKCorrelationTypeIdentifierBloodPressure") + summary.read("HKCorrelationTypeIdentifierFood")
        let correlationsInFile = try Fixtures.count("Correlation", in: Self.path)
        #expect(correlationsRead == correlationsInFile)
        #expect(summary.exportDate == Date(timeIntervalSince1970: 1_667_416_500))
        #expect(summary.locale == "de_DE")
        #expect(summary.document.hasSuffix("everything/apple_health_export/export.xml"))
    }

    @Test func theBrokenDTDAndTheControlCharacterAreWarnings() {
        #expect(summary.warnings.contains { $0.line == 14 && $0.message.contains("ATTLIST") })
        #expect(summary.warnings.contains { $0.line == 23 && $0.message.contains("control character") })
        #expect(summary.warnings.contains { $0.message.contains("CardioFitnessMedicationsUse") })
    }

    @Test func quantitiesKeepTheirValuesSourcesAndDevices() async throws {
        let steps = try await harness.quantities(.stepCount)
        #expect(steps.count == 2)
        let phone = try #require(steps.first { $0.sourceRevision.source.name == "Annas iPhone" })
        #expect(phone.quantity.doubleValue(for: .count()) == 612)
        #expect(phone.sourceRevision.version == "16.1")
        #expect(phone.sourceRevision.source.bundleIdentifier == RecordSource.bundleIdentifier(forName: "Annas iPhone"))
        #expect(phone.device?.hardwareVersion == "iPhone14,2")
        #expect(phone.device?.manufacturer == "Apple Inc.")
        #expect(phone.device?.softwareVersion == "16.1")

        let heartRate = try await #require(harness.quantities(.heartRate).first)
        #expect(heartRate.quantity.doubleValue(for: HKUnit(from: "count/min")) == 72)
        #expect(heartRate.metadata?[HKMetadataKeyHeartRateMotionContext] as? NSNumber == 1)
        #expect(heartRate.metadata?["Note"] as? String == "first second")

        #expect(
            try await harness.quantities(.oxygenSaturation).first?.quantity.doubleValue(for: .percent()) == 0.96)
        let glucose = try await #require(harness.quantities(.bloodGlucose).first).quantity.doubleValue(
            for: HKUnit(from: "mg/dL"))
        #expect(abs(glucose - 5.4 * 180.1558800000541 / 10) < 1e-9)
        #expect(
            try await harness.quantities(.bodyTemperature).first?.quantity.doubleValue(for: .degreeCelsius()) == 36.8)
        let vo2 = try await #require(harness.quantities(.vo2Max).first)
        #expect(abs(vo2.quantity.doubleValue(for: HKUnit(from: "mL/min·kg")) - 41.3) < 1e-9)
        #expect(vo2.metadata?[HKMetadataKeyVO2MaxTestType] as? NSNumber == 2)

        let masses = try await harness.quantities(.bodyMass)
        let scale = try #require(masses.first { $0.sourceRevision.source.name == "Wäage – Ωmega" })
        #expect(
            scale.metadata?["Weighing Distance"] as? HKQuantity
                == HKQuantity(unit: HKUnit(from: "cm"), doubleValue: 418))
        #expect(scale.metadata?["Original Source"] as? String == "Scale")
        #expect(scale.startDate == Date(timeIntervalSince1970: 1_460_106_480))
        // iOS 8's compact dates.
        let old = try #require(masses.first { $0.sourceRevision.source.name == "Old Sync" })
        #expect(old.startDate == Date(timeIntervalSince1970: 1_434_464_300))
        #expect(old.sourceRevision.version == nil)
    }

    @Test func categoriesReadTheirLabels() async throws {
        let sleep = try await harness.samples(HKCategoryType(.sleepAnalysis)).compactMap { $0 as? HKCategorySample }
        #expect(
            Set(sleep.map(\.value)) == [
                HKCategoryValueSleepAnalysis.asleepCore.rawValue,
                HKCategoryValueSleepAnalysis.asleepUnspecified.rawValue,
            ])
        let flow = try await #require(harness.samples(HKCategoryType(.menstrualFlow)).first as? HKCategorySample)
        #expect(flow.value == HKCategoryValueVaginalBleeding.medium.rawValue)
        #expect(flow.metadata?[HKMetadataKeyMenstrualCycleStart] as? NSNumber == NSNumber(value: true))
        #expect(
            (try await harness.samples(HKCategoryType(.mindfulSession)).first as? HKCategorySample)?.value == 0)
    }

    @Test func heartbeatsAreKeptWithTheirTimes() async throws {
        let hrv = try await #require(harness.quantities(.heartRateVariabilitySDNN).first)
        #expect(hrv.quantity.doubleValue(for: HKUnit(from: "ms")) == 48.2)
        let beats = try harness.rows("SELECT bpm, time_since_start, time_text FROM heartbeat ORDER BY position")
        #expect(beats.map { $0[0] as Double } == [61, 63, 62])
        let offsets = beats.map { $0[1] as Double }
        #expect(zip(offsets, [0.87, 1.81, 2.77]).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(beats.map { $0[2] as String } == ["22:10:05,87", "10:10:06.81 PM", "22:10:07,77"])
        #expect(summary.heartbeatsAdded == 3)
    }

    @Test func correlationsAreStoredOnceWithTheirMembers() async throws {
        let pressures = try await harness.samples(HKCorrelationType(.bloodPressure)).compactMap { $0 as? HKCorrelation }
        #expect(pressures.count == 1)
        let members = try #require(pressures.first).objects.compactMap { $0 as? HKQuantitySample }
        #expect(Set(members.map { $0.quantity.doubleValue(for: .millimeterOfMercury()) }) == [121, 79])
        // The members the export also lists at top level are not stored twice.
        await #expect(try harness.quantities(.bloodPressureSystolic).count == 1)
        #expect(
            summary.records["HKQuantityTypeIdentifierBloodPressureSystolic"]
                == .init(read: 2, added: 1, alreadyStored: 1))
        let food = try await #require(harness.samples(HKCorrelationType(.food)).first as? HKCorrelation)
        #expect(food.objects.count == 2)
        #expect(food.metadata?[HKMetadataKeyFoodType] as? String == "Pasta")
    }

    @Test func workoutsKeepEventsTotalsStatisticsAndActivities() async throws {
        let workouts = try await harness.samples(HKWorkoutType.workoutType()).compactMap { $0 as? HKWorkout }
        #expect(workouts.count == 2)
        let walk = try #require(workouts.first { $0.workoutActivityType == .walking })
        #expect(walk.duration == 1_200)
        #expect(abs(walk.totalDistance!.doubleValue(for: .meter()) - 1.2 * 1_609.344) < 1e-6)
        #expect(walk.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 80)
        let run = try #require(workouts.first { $0.workoutActivityType == .running })
        #expect(run.duration == 1_800)
        #expect(run.workoutEvents?.map(\.type) == [.segment, .pause, .resume])
        #expect(run.workoutEvents?.first?.dateInterval.duration == 600)
        // iOS 16 exports give totals as statistics.
        #expect(run.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 321.5)
        #expect(abs(run.totalDistance!.doubleValue(for: .meter()) - 5_120) < 1e-9)
        #expect(
            run.metadata?[HKMetadataKeyWeatherTemperature] as? HKQuantity
                == HKQuantity(unit: .degreeFahrenheit(), doubleValue: 56))
        #expect(run.metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber == NSNumber(value: false))
        #expect(run.metadata?[HKMetadataKeyAverageMETs] is HKQuantity)
        #expect(try harness.count("SELECT count(*) FROM workout_statistics") == 4)
        #expect(try harness.count("SELECT count(*) FROM workout_statistics WHERE activity_uuid IS NOT NULL") == 1)
        let activity = try #require(harness.rows("SELECT uuid, duration, metadata FROM workout_activity").first)
        #expect(UUID(blob: activity[0]) == UUID(uuidString: "5E1E0F1A-2B3C-4D5E-8F90-0123456789AB"))
        #expect(activity[1] as Double == 1_800)
        #expect((activity[2] as String).contains("HKIndoorWorkout"))
    }

    @Test func routesAreSamplesOfTheirWorkoutWithTheirLocations() async throws {
        let routes = try harness.rows(
            """
            SELECT s.uuid, p.uuid, (SELECT count(*) FROM route_location l WHERE l.sample_id = s.id) FROM sample s
            JOIN object_type t ON t.id = s.type_id JOIN sample p ON p.id = s.correlation_id
            WHERE t.identifier = 'HKWorkoutRouteTypeIdentifier' ORDER BY s.start_date
            """)
        #expect(routes.map { $0[2] as Int } == [2, 3])
        let workouts = try await harness.samples(HKWorkoutType.workoutType()).compactMap { $0 as? HKWorkout }
        #expect(Set(routes.map { UUID(blob: $0[1])! }) == Set(workouts.map(\.uuid)))
        // The GPX file's points, with their extensions.
        let point = try #require(
            harness.rows(
                "SELECT timestamp, latitude, longitude, altitude, speed, course, horizontal_accuracy, vertical_accuracy FROM route_location ORDER BY timestamp DESC"
            ).first)
        #expect(point[0] as Double == 1_667_324_090)
        #expect(point[1] as Double == 52.5165)
        #expect(point[2] as Double == 13.3777)
        #expect(point[3] as Double == 34.5)
        #expect(point[4] as Double == 3.0)
        #expect(point[5] as Double == 88.4)
        #expect(point[6] as Double == 3.9)
        #expect(point[7] as Double == 3.0)
        #expect(summary.workoutRoutes == .init(read: 2, added: 2))
        #expect(summary.routeLocationsAdded == 5)
    }

    @Test func activitySummariesClinicalRecordsAndAudiograms() throws {
        let days = try harness.rows(
            "SELECT date, active_energy_burned, apple_exercise_time, apple_stand_hours_goal FROM activity_summary ORDER BY date"
        )
        #expect(days.map { $0[0] as String } == ["2022-10-31", "2022-11-01"])
        #expect(abs((days[1][1] as Double) - 2_100 / 4.184) < 1e-9)
        #expect(days[0][2] as Double == 42)
        let clinical = try #require(
            harness.rows(
                """
                SELECT t.identifier, c.identifier, so.name, c.resource_type, c.resource, s.start_date, c.display_name
                FROM clinical_record_sample c JOIN sample s ON s.id = c.sample_id
                JOIN object_type t ON t.id = s.type_id JOIN source so ON so.id = s.source_id
                """
            ).first)
        #expect(clinical[0] as String == "HKClinicalTypeIdentifierLabResultRecord")
        #expect(clinical[1] as String == "obs-1")
        #expect(clinical[2] as String == "Charité")
        #expect(clinical[3] as String == "Observation")
        #expect((clinical[4] as String).contains("Hemoglobin A1c"))
        #expect(clinical[5] as Double == 1_666_260_000)
        #expect(clinical[6] as String == "Hemoglobin A1c")
        let points = try harness.rows(
            "SELECT frequency, left_ear, right_ear, attributes FROM audiogram_point ORDER BY position")
        #expect(points.map { $0[0] as Double } == [500, 1_000, 4_000])
        #expect(points.map { $0[2] as Double } == [15, 20, 90])
        #expect(points[1][3] as String? == #"{"leftEarMasked":"0"}"#)
    }

    @Test func whatTheCatalogLacksIsKeptVerbatim() throws {
        let kept = try harness.rows(
            "SELECT element, type, attributes, children FROM unrecognized_record ORDER BY element")
        #expect(kept.map { $0[0] as String } == ["Record"])
        #expect((kept[0][2] as String).contains(#""value":"8""#))
        #expect(summary.unrecognized["HKDataTypeSleepDurationGoal"] == .init(read: 1, added: 1))
        #expect(Array(summary.unrecognized.keys) == ["HKDataTypeSleepDurationGoal"])
        #expect(summary.records[HKVisionPrescriptionTypeIdentifier] == .init(read: 1, added: 1))
    }

    @Test func characteristicsAreSet() async throws {
        func value(_ type: HKCharacteristicTypeIdentifier) async throws -> String? {
            try await harness.engine.characteristic(type, as: ImportHarness.owner)
        }
        #expect(try await value(.dateOfBirth) == "1980-02-29")
        #expect(try await value(.biologicalSex) == String(HKBiologicalSex.female.rawValue))
        #expect(try await value(.bloodType) == String(HKBloodType.oNegative.rawValue))
        #expect(try await value(.fitzpatrickSkinType) == String(HKFitzpatrickSkinType.III.rawValue))
        #expect(summary.characteristics.count == 4)
    }

    @Test func smallBatchesGiveTheSameStore() async throws {
        let small = try ImportHarness()
        var summary = try small.importing(Fixtures.url("Synthetic/everything"), batchSize: 2)
        var reference = self.summary
        summary.duration = 0
        reference.duration = 0
        #expect(summary == reference)
        #expect(try small.count("SELECT count(*) FROM sample") == (try harness.count("SELECT count(*) FROM sample")))
        #expect(try await small.quantities(.bloodPressureSystolic).count == 1)
    }
}
