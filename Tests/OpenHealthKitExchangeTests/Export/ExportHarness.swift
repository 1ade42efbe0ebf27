import Foundation
@testable import OpenHealthKitExchange

extension ImportHarness {
    /// Exports the store into `folder` (under `name`), in the time zone given.
    @discardableResult
    func exporting(
        _ format: ExportFormat, to folder: TemporaryFolder, name: String, types: [String]? = nil, start: Date? = nil,
        end: Date? = nil,
        timeZone: String = "Europe/Berlin"
    ) throws -> (url: URL, summary: ExportSummary) {
        let url = folder.url.appendingPathComponent(name)
        let summary = try HealthExporter(engine: engine).export(
            ExportRequest(
                format: format, destination: url, typeIdentifiers: types, start: start, end: end,
                timeZone: TimeZone(identifier: timeZone)!))
        return (url, summary)
    }
}

/// The fixtures a round trip starts from: every real export, the synthetic one with every element, and a zipped one.
enum RoundTripFixtures {
    static let all = [
        "Synthetic/everything",
        "Synthetic/localized.zip",
        "Synthetic/not-applicable.zip",
        "tdda-applehealthdata/export6s3sample.xml",
        "dogsheep-healthkit-to-sqlite/export.xml",
        "dogsheep-healthkit-to-sqlite/zip_contents",
        "alxdrcirilo-apple-health-parser/export.zip",
        "aleksi-applehealth/testdata.xml",
    ]
}
