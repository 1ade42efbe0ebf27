import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// Exports made to hurt: cut short, or with elements of absurd size. Each is read in bounded time, says what it
/// lost, and keeps what it could read.
@Suite struct HostileExportTests {
    private static func document(_ body: String, closed: Bool = true) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
        \(body)
        """ + (closed ? "\n</HealthData>\n" : "")
    }

    @Test func aDocumentCutShortIsImportedAsFarAsItGoesAndReportedIncomplete() throws {
        let folder = try TemporaryFolder()
        let whole = Self.document(
            (1...4).map { MessyFileTests.record("\($0)", start: "2020-01-01 1\($0):00:00 +0000") }.joined(
                separator: "\n"))
        let cut = String(whole.prefix(whole.count / 2 + 40))
        let summary = try ImportHarness().importing(try folder.write("export.xml", cut))
        #expect(summary.incomplete != nil)
        #expect(summary.incomplete?.message.contains("before </HealthData>") == true)
        #expect(summary.added("HKQuantityTypeIdentifierStepCount") >= 1)
    }

    /// An import holds route locations to the bounds an app's route is held to, in the export's XML and in its GPX.
    @Test(arguments: [
        #"<Location date="2020-01-01 12:00:00 +0000" latitude="52" longitude="13" altitude="1e308"/>"#,
        #"<Location date="2020-01-01 12:00:00 +0000" latitude="91" longitude="13"/>"#,
        #"<FileReference path="/workout-routes/route.gpx"/>"#,
    ])
    func aRouteWithALocationOutOfBoundsIsSkippedAndTheWorkoutKept(_ location: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "workout-routes/route.gpx",
            """
            <gpx><trk><trkseg><trkpt lat="52" lon="13"><ele>1e308</ele><time>2020-01-01T12:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        try folder.write(
            "export.xml",
            Self.document(
                """
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Tester" startDate="2020-01-01 12:00:00 +0000" endDate="2020-01-01 12:30:00 +0000">
                  <WorkoutRoute sourceName="Tester" startDate="2020-01-01 12:00:00 +0000" endDate="2020-01-01 12:30:00 +0000">
                   \(location)
                  </WorkoutRoute>
                 </Workout>
                """))
        let harness = try ImportHarness()
        let summary = try harness.importing(folder.url)
        #expect(summary.workouts.added == 1)
        #expect(summary.workoutRoutes == .init(read: 1, skipped: 1))
        #expect(summary.skipped.contains { $0.reason.contains("route location") }, "\(summary.skipped)")
        #expect(try harness.count("SELECT count(*) FROM route_location") == 0)
    }

    @Test func aWholeDocumentIsComplete() throws {
        let folder = try TemporaryFolder()
        let summary = try ImportHarness().importing(
            try folder.write("export.xml", Self.document(MessyFileTests.record("1"))))
        #expect(summary.incomplete == nil)
    }

    /// The skip reason is the attribute counter's, which cuts the start tag before libxml2 (whose duplicate-attribute
    /// check is quadratic) sees it: that is what keeps the work linear, whatever the machine's speed.
    @Test func anElementWithTooManyAttributesIsCutBeforeParsingAndTheRestIsRead() throws {
        let folder = try TemporaryFolder()
        let attributes = (0..<100_000).map { " a\($0)=\"1\"" }.joined()
        let body = [
            MessyFileTests.record("1", start: "2020-01-01 10:00:00 +0000"),
            MessyFileTests.record("2", start: "2020-01-01 11:00:00 +0000", extra: attributes),
            MessyFileTests.record("3", start: "2020-01-01 12:00:00 +0000", extra: attributes),
            MessyFileTests.record("4", start: "2020-01-01 13:00:00 +0000"),
        ].joined(separator: "\n")
        let summary = try ImportHarness().importing(try folder.write("export.xml", Self.document(body)))
        #expect(summary.added("HKQuantityTypeIdentifierStepCount") == 2)
        #expect(summary.skipped.contains { $0.reason.contains("more than \(SAXParser.maximumAttributes) attributes") })
        #expect(summary.incomplete == nil, "the document is whole: \(String(describing: summary.incomplete))")
    }

    @Test func anElementWithAsManyAttributesAsAllowedIsRead() throws {
        let folder = try TemporaryFolder()
        // The record's own attributes hold 6 of the allowed `=` signs.
        let attributes = (0..<(SAXParser.maximumAttributes - 6)).map { " a\($0)=\"1\"" }.joined()
        let summary = try ImportHarness().importing(
            try folder.write("export.xml", Self.document(MessyFileTests.record("1", extra: attributes))))
        #expect(summary.added("HKQuantityTypeIdentifierStepCount") == 1)
    }
}
