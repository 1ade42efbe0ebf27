import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// The third-party exports of Fixtures/ (see SOURCES.md): every record in them is accounted for and read as exported.
@Suite struct RealExportTests {
    /// Records (top level and inside correlations) and workouts in the document match what the summary read.
    private func expectAllAccountedFor(_ summary: ImportSummary, document path: String) throws {
        #expect(summary.isBalanced)
        #expect(summary.skippedTotal == 0, "skipped: \(summary.skipped)")
        let recordsRead = summary.records.filter { !$0.key.hasPrefix("HKCorrelation") }.values.reduce(0) {
            $0 + $1.read
        }
        #expect(recordsRead == (try Fixtures.count("Record", in: path)))
        #expect(summary.workouts.read == (try Fixtures.count("Workout", in: path)))
        #expect(summary.activitySummaries.read == (try Fixtures.count("ActivitySummary", in: path)))
        #expect(summary.totalAdded == summary.totalRead)
    }

    @Test func dogsheepExportWithInlineRoute() async throws {
        let path = "dogsheep-healthkit-to-sqlite/export.xml"
        let harness = try ImportHarness()
        let summary = try harness.importing(fixture: path)
        try expectAllAccountedFor(summary, document: path)
        let bmi = try await #require(harness.quantities(.bodyMassIndex).first)
        #expect(bmi.quantity.doubleValue(for: .count()) == 22.5312)
        #expect(bmi.sourceRevision.source.name == "Health Mate")
        #expect(bmi.sourceRevision.version == "2160040")
        #expect(
            bmi.metadata?["Withings Link"] as? String
                == "withings-bd2://timeline/measure?userid=12345&date=482685932&type=1")
        #expect(bmi.metadata?[HKMetadataKeyWasUserEntered] as? NSNumber == NSNumber(value: false))
        #expect(bmi.metadata?["Modified Date"] as? Date == Date(timeIntervalSince1970: 1_460_994_965))
        let heartRate = try await #require(harness.quantities(.heartRate).first)
        #expect(
            heartRate.device
                == HKDevice(
                    name: "Apple Watch", manufacturer: "Apple", model: "Watch", hardwareVersion: "Watch2,4",
                    firmwareVersion: nil,
                    softwareVersion: "4.3.1", localIdentifier: nil, UDIDeviceIdentifier: nil))
        let workout = try await #require(harness.samples(HKWorkoutType.workoutType()).first as? HKWorkout)
        #expect(workout.workoutActivityType == .running)
        #expect(abs(workout.duration - 5.19412346680959 * 60) < 1e-9)
        #expect(abs(workout.totalDistance!.doubleValue(for: .mile()) - 0.4971749504535062) < 1e-12)
        #expect(
            workout.metadata?[HKMetadataKeyWeatherHumidity] as? HKQuantity
                == HKQuantity(unit: .percent(), doubleValue: 96))
        #expect(workout.metadata?[HKMetadataKeyTimeZone] as? String == "America/Los_Angeles")
        #expect(try harness.count("SELECT count(*) FROM route_location") == 2)
        #expect(summary.workoutRoutes == .init(read: 1, added: 1))
        #expect(summary.characteristics[HKCharacteristicTypeIdentifier.dateOfBirth.rawValue] == "1990-02-02")
        // "Not set" leaves the characteristic alone.
        #expect(try await harness.engine.characteristic(.bloodType, as: ImportHarness.owner) == nil)
    }

    @Test func dogsheepFolderWithGPXRoute() throws {
        let harness = try ImportHarness()
        let summary = try harness.importing(fixture: "dogsheep-healthkit-to-sqlite/zip_contents")
        try expectAllAccountedFor(
            summary, document: "dogsheep-healthkit-to-sqlite/zip_contents/apple_health_export/export.xml")
        let points = try harness.rows(
            "SELECT latitude, longitude, altitude, speed, course, horizontal_accuracy, timestamp FROM route_location ORDER BY rowid"
        )
        #expect(points.count == 3)
        #expect(points[0][0] as Double == 37.781672)
        #expect(points[0][1] as Double == -122.396397)
        #expect(points[0][2] as Double == 4.076904)
        #expect(points[0][3] as Double == 0.180883)
        #expect(points[0][4] as Double == 206.252884)
        #expect(points[0][5] as Double == 8.063116)
        #expect(points[2][6] as Double == 1_560_290_443)
    }

    @Test func alxdrcirilosExportAndItsMacZip() async throws {
        let path = "alxdrcirilo-apple-health-parser/export.xml"
        let harness = try ImportHarness()
        var summary = try harness.importing(fixture: path)
        try expectAllAccountedFor(summary, document: path)
        #expect(summary.locale == "en_NL")
        #expect(summary.timeZone == "Europe/Amsterdam")
        #expect(summary.warnings.contains { $0.message.contains("CardioFitnessMedicationsUse") })
        let sleep = try await harness.samples(HKCategoryType(.sleepAnalysis)).compactMap { $0 as? HKCategorySample }
        #expect(
            sleep.map(\.value) == [
                HKCategoryValueSleepAnalysis.inBed.rawValue, HKCategoryValueSleepAnalysis.asleepCore.rawValue,
            ])
        #expect(sleep.map(\.sourceRevision.source.name) == ["Alexandre's iPhone", "Alexandre's Apple Watch"])
        #expect(sleep.first?.metadata?[HKMetadataKeyTimeZone] as? String == "Europe/Amsterdam")
        let stand = try await #require(harness.quantities(.appleStandTime).first)
        #expect(stand.sourceRevision.version == "2890.4.12.2.3")
        #expect(stand.device == nil)
        #expect(
            try await harness.engine.characteristic(.bloodType, as: ImportHarness.owner)
                == String(HKBloodType.aNegative.rawValue))

        // The zip made on a Mac: __MACOSX/ and .DS_Store entries, the same records.
        let zipped = try ImportHarness()
        var zipSummary = try zipped.importing(fixture: "alxdrcirilo-apple-health-parser/export.zip")
        #expect(zipSummary.document.hasSuffix("export.zip:apple_health_export/export.xml"))
        summary.document = ""
        zipSummary.document = ""
        summary.duration = 0
        zipSummary.duration = 0
        // The zip's other files are named with their reason.
        #expect(
            zipSummary.unimportedFiles.map(\.path) == [
                "__MACOSX/apple_health_export/._.DS_Store", "__MACOSX/apple_health_export/._export.xml",
                "apple_health_export/.DS_Store",
            ])
        zipSummary.unimportedFiles = []
        zipSummary.unimportedFilesTotal = 0
        #expect(zipSummary == summary)
        #expect(try zipped.count("SELECT count(*) FROM sample") == (try harness.count("SELECT count(*) FROM sample")))
    }

    @Test func aleksisCyrillicExport() async throws {
        let path = "aleksi-applehealth/testdata.xml"
        let harness = try ImportHarness()
        let summary = try harness.importing(fixture: path)
        try expectAllAccountedFor(summary, document: path)
        let mass = try await #require(harness.quantities(.bodyMass).first)
        #expect(mass.sourceRevision.source.name == "Здоровье")
        #expect(mass.sourceRevision.source.bundleIdentifier == RecordSource.bundleIdentifier(forName: "Здоровье"))
        #expect(mass.sourceRevision.version == "10.3.3")
        #expect(mass.quantity.doubleValue(for: .gramUnit(with: .kilo)) == 65)
        #expect(mass.metadata?[HKMetadataKeyWasUserEntered] as? NSNumber == NSNumber(value: true))
        let height = try await #require(harness.quantities(.height).first)
        #expect(height.quantity.doubleValue(for: .meterUnit(with: .centi)) == 168)
        #expect(height.metadata?["Original Source"] as? String == "MyWatch")
        #expect(summary.sources["Здоровье"] == mass.sourceRevision.source.bundleIdentifier)
        let owner = ImportHarness.owner
        #expect(
            try await harness.engine.characteristic(.biologicalSex, as: owner)
                == String(HKBiologicalSex.female.rawValue))
        #expect(
            try await harness.engine.characteristic(.bloodType, as: owner) == String(HKBloodType.abPositive.rawValue))
        #expect(
            try await harness.engine.characteristic(.fitzpatrickSkinType, as: owner)
                == String(HKFitzpatrickSkinType.VI.rawValue))
        #expect(try await harness.engine.characteristic(.dateOfBirth, as: owner) == "1987-10-02")
    }
}
