import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing
@testable import HealthWeb

/// The drawings of recordings: an ECG strip on paper at 25 mm/s and 10 mm/mV, an audiogram with its inverted
/// hearing-level axis; and their pages on a running healthd.
@Suite struct RecordingDrawingTests {
    static let renderer = PageRenderer()

    static func numbers(of attribute: String, in svg: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: attribute + #"="([^"]*)""#)
        return expression.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).compactMap {
            Range($0.range(at: 1), in: svg).map { String(svg[$0]) }
        }
    }

    @Test func anECGStripIsDrawnAt25MillimetresASecondAnd10AMillivolt() {
        // Two seconds at 4 Hz: a 1 mV step after half a second.
        let voltages = ElectrocardiogramVoltages(
            samplingFrequency: 4, leads: [.appleWatchSimilarToLeadI: [0, 0, 1000, 1000, -500, 0, 0, 0]])
        let svg = Self.renderer.render(
            "ecg-strip", ElectrocardiogramStrip(voltages: voltages, lead: .appleWatchSimilarToLeadI))
        // One row of 10 s: 250 mm wide, 30 mm high, in millimetres so that it prints at scale.
        #expect(svg.contains(#"width="250mm" height="30mm" viewBox="0 0 250 30""#))
        let trace = Self.numbers(of: "points", in: svg).first ?? ""
        #expect(
            trace.split(separator: " ") == [
                "0,15", "6.25,15", "12.5,5", "18.75,5", "25,20", "31.25,15", "37.5,15", "43.75,15",
            ])
        // A 1 mm grid with every fifth line heavier: 251 vertical and 31 horizontal lines.
        let paths = Self.numbers(of: "d", in: svg)
        #expect(paths.count == 3)
        let minor = paths[0], major = paths[1]
        #expect(minor.components(separatedBy: "M").count - 1 == 200 + 24)
        #expect(major.components(separatedBy: "M").count - 1 == 51 + 7)
        // The calibration pulse: 1 mV (10 mm) over 0.2 s (5 mm).
        #expect(paths[2] == "M0 15H1V5H6V15H7")
    }

    @Test func aLongRecordingIsCutInRowsOfTenSeconds() {
        let voltages = ElectrocardiogramVoltages(
            samplingFrequency: 2, leads: [.appleWatchSimilarToLeadI: Array(repeating: 100, count: 50)])
        let svg = Self.renderer.render(
            "ecg-strip", ElectrocardiogramStrip(voltages: voltages, lead: .appleWatchSimilarToLeadI))
        #expect(svg.contains(#"height="90mm""#))
        let rows = Self.numbers(of: "points", in: svg)
        #expect(rows.count == 3)
        // The third row's baseline is at 75 mm: 100 µV is 1 mm above it.
        #expect(rows[2].hasPrefix("0,74 "))
    }

    @Test func anAudiogramHasLowerHearingLevelsDownwardsAndOctavesEvenlySpaced() throws {
        func point(_ hertz: Double, left: Double?, right: Double?) throws -> HKAudiogramSensitivityPoint {
            try HKAudiogramSensitivityPoint(
                frequency: HKQuantity(unit: .hertz(), doubleValue: hertz),
                leftEarSensitivity: left.map { HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0) },
                rightEarSensitivity: right.map { HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0) })
        }
        let chart = AudiogramChart(points: [
            try point(500, left: 10, right: 0), try point(1000, left: 40, right: 20),
            try point(2000, left: 70, right: nil),
        ])
        let svg = Self.renderer.render("audiogram-chart", chart)
        let circles = Self.numbers(of: "cx", in: svg).compactMap(Double.init)
        let circleHeights = Self.numbers(of: "cy", in: svg).compactMap(Double.init)
        #expect(circles.count == 2 && circleHeights[1] > circleHeights[0])
        #expect(svg.contains("<title>right ear, 1k Hz: 20 dBHL</title>"))
        #expect(svg.contains("<title>left ear, 2k Hz: 70 dBHL</title>"))
        // Octaves are evenly spaced: 500 → 1k and 1k → 2k.
        let step = circles[1] - circles[0]
        let polyline = Self.numbers(of: "points", in: svg)
        let left = try #require(polyline.last).split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) }
        #expect(left.count == 3 && abs((left[2] - left[1]) - step) < 0.2 && abs((left[1] - left[0]) - step) < 0.2)
        #expect(svg.contains(">Hearing level (dBHL)<") && svg.contains(">-10<") && svg.contains(">120<"))
    }
}

extension HealthdBacked {
    /// The pages of electrocardiograms and audiograms on a running healthd.
    @Suite struct RecordingPagesTests {
        @Test func recordingsAreListedAndDrawnOnTheirPages() async throws {
            let daemon = try await TestDaemon.start()
            do {
                let start = Date(timeIntervalSince1970: 1_790_000_000)
                let source = SourceRow(bundleIdentifier: "org.openhealthkit.export.ecg-00000000", name: "ECG")
                let ecg = SampleRow(
                    uuid: UUID(), typeIdentifier: HKObjectType.electrocardiogramType().identifier,
                    startDate: start.timeIntervalSince1970, endDate: start.timeIntervalSince1970 + 2, value: nil,
                    source: source, revision: RevisionRow(),
                    detail: .electrocardiogram(
                        ElectrocardiogramRow(
                            classification: 2, symptomsStatus: 1, averageHeartRate: 72, samplingFrequency: 4,
                            voltageCount: 8,
                            leads: [ElectrocardiogramLeadRow(lead: 1, microvolts: [0, 0, 1000, 1000, -500, 0, 0, 0])])))
                var batch = ImportBatch()
                batch.samples = [ecg]
                _ = try await daemon.engine.importBatch(batch)
                let audiogram = try HKAudiogramSample(
                    validating: [
                        try HKAudiogramSensitivityPoint(
                            frequency: HKQuantity(unit: .hertz(), doubleValue: 1000),
                            leftEarSensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: 25),
                            rightEarSensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: 35))
                    ], start: start, end: start)
                try await daemon.engine.save([audiogram], as: .owner(source: try SourceRow.owner(named: "Health")))

                let browser = try await daemon.signedInClient()
                let browse = try await browser.get("/types")
                #expect(
                    browse.text.contains(#"href="/electrocardiograms""#) && browse.text.contains(#"href="/audiograms""#)
                )
                let list = try await browser.get("/electrocardiograms")
                #expect(list.status == 200 && list.text.contains("Atrial fibrillation") && list.text.contains("72 BPM"))
                #expect(list.text.contains("/electrocardiograms/\(ecg.uuid.uuidString)"))
                let page = try await browser.get("/electrocardiograms/\(ecg.uuid.uuidString)")
                #expect(page.status == 200)
                #expect(page.text.contains(#"class="ecg-strip""#) && page.text.contains(#"width="250mm""#))
                #expect(page.text.contains("0,15 6.25,15 12.5,5"))
                let missing = try await browser.get("/electrocardiograms/\(UUID().uuidString)")
                #expect(missing.status == 404 && missing.text.contains("no such electrocardiogram"))
                let notAUUID = try await browser.get("/electrocardiograms/latest")
                #expect(notAUUID.status == 404)

                let audiograms = try await browser.get("/audiograms")
                #expect(audiograms.text.contains("Left 25 dBHL · Right 35 dBHL"))
                let chart = try await browser.get("/audiograms/\(audiogram.uuid.uuidString)")
                #expect(chart.status == 200 && chart.text.contains(#"class="audiogram""#))
                #expect(chart.text.contains("<title>right ear, 1k Hz: 35 dBHL</title>"))
            } catch {
                try await daemon.stop()
                throw error
            }
            try await daemon.stop()
        }
    }
}
