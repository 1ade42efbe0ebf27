import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import ZIPFoundation
@testable import OpenHealthKitExchange

/// One CSV file per type: header, ISO 8601 dates, value and unit columns, RFC 4180 quoting, private files.
@Suite struct CSVExportTests {
    let folder: TemporaryFolder
    let url: URL
    let summary: ExportSummary

    init() throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        folder = try TemporaryFolder()
        (url, summary) = try harness.exporting(.csv, to: folder, name: "csv")
    }

    private func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return text.components(separatedBy: "\n").dropLast()
    }

    /// Zipped (as Health's Export All Health Data sends them): the same files under the zip's name, and progress
    /// heard at the end with every record written.
    @Test func aZipHoldsTheFilesUnderItsName() throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        let zipped = try TemporaryFolder()
        let destination = zipped.url.appendingPathComponent("health-csv.zip")
        let heard = Locked<[Int]>([])
        let summary = try HealthExporter(engine: harness.engine).export(
            ExportRequest(format: .csv, destination: destination)
        ) { written in heard.withLock { $0.append(written) } }
        let archive = try Archive(url: destination, accessMode: .read)
        let names = Set(archive.map(\.path))
        #expect(names.contains("health-csv/stepCount.csv") && names.contains("health-csv/characteristics.csv"))
        #expect(names.count == self.summary.files.count)
        // Every record visited is heard of once the export ends (members and children are written with theirs).
        let reports = heard.withLock { $0 }
        #expect(reports.count == 1 && (reports.last ?? 0) >= summary.records.count)
    }

    @Test func oneFilePerType() throws {
        #expect(summary.files.contains("stepCount.csv"))
        #expect(summary.files.contains("sleepAnalysis.csv"))
        #expect(summary.files.contains("bloodPressure.csv"))
        #expect(summary.files.contains("workout.csv"))
        #expect(summary.files.contains("activitySummary.csv"))
        #expect(summary.files.contains("characteristics.csv"))
        #expect(summary.files.count == Set(summary.files).count)
        let listed = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        #expect(listed == summary.files.sorted())
    }

    @Test func filesAreReadableByTheirOwnerOnly() throws {
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o700)
        for file in summary.files {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(file).path)
            #expect(attributes[.posixPermissions] as? Int == 0o600, "\(file)")
        }
    }

    @Test func quantitiesHaveDatesValuesAndUnits() throws {
        let heartRate = try lines("heartRate.csv")
        #expect(heartRate.first == "uuid,start,end,value,unit,source,source_version,device,metadata")
        #expect(heartRate.count == 2)
        let fields = heartRate[1].split(separator: ",", maxSplits: 7).map(String.init)
        #expect(fields[1] == "2022-11-01T08:05:00+01:00")
        #expect(fields[3] == "72")
        #expect(fields[4] == "count/min")
        #expect(fields[5] == "Annas Apple Watch")
        #expect(fields[6] == "9.1")
        // Fields holding commas and quotes are quoted, inner quotes doubled (RFC 4180).
        #expect(heartRate[1].hasSuffix(#","{""HKMetadataKeyHeartRateMotionContext"":1,""Note"":""first second""}""#))
        #expect(
            heartRate[1].contains(
                #","name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1","#))
    }

    @Test func categoriesCorrelationsAndWorkouts() throws {
        let sleep = try lines("sleepAnalysis.csv")
        #expect(sleep.dropFirst().map { $0.split(separator: ",")[3] }.sorted() == ["asleepCore", "asleepUnspecified"])
        let pressure = try lines("bloodPressure.csv")
        #expect(pressure.count == 2)
        #expect(pressure[1].contains(#"""type"":""bloodPressureSystolic"",""value"":121,""unit"":""mmHg"""#))
        let workouts = try lines("workout.csv")
        #expect(workouts.first?.hasPrefix("uuid,start,end,activity_type,duration,duration_unit,total_distance") == true)
        #expect(workouts.contains { $0.contains(",running,30,min,5120,m,321.5,kcal,") })
        let summaries = try lines("activitySummary.csv")
        #expect(summaries.dropFirst().first == "2022-10-31,512.3,500,kcal,0,0,42,30,min,11,12")
        #expect(
            try lines("characteristics.csv") == [
                "characteristic,value", "dateOfBirth,1980-02-29", "biologicalSex,female", "bloodType,oNegative",
                "fitzpatrickSkinType,III",
            ])
    }

    @Test func typesAndDatesSelect() throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        let folder = try TemporaryFolder()
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        let start = calendar.date(from: DateComponents(year: 2022, month: 11, day: 1, hour: 8))!
        let (url, summary) = try harness.exporting(
            .csv, to: folder, name: "morning",
            types: [HKQuantityTypeIdentifier.stepCount.rawValue, HKQuantityTypeIdentifier.heartRate.rawValue],
            start: start, end: start.addingTimeInterval(180))
        #expect(summary.files == ["stepCount.csv"])
        #expect(summary.records == [HKQuantityTypeIdentifier.stepCount.rawValue: 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["stepCount.csv"])
    }
}
