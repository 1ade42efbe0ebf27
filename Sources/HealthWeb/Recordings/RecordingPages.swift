import Foundation
import Hummingbird
import OpenHealthKitModel

/// The pages of recordings that are more than a value: electrocardiograms (each drawn as an ECG strip) and
/// audiograms (each drawn as an audiogram chart), a list of each and a page per recording. See docs/WEB.md.
struct RecordingListPage: Sendable {
    struct Row: Sendable {
        let date: String
        let summary: String
        let detail: String
        let source: String
        let href: String
    }

    let chrome: Chrome
    let heading: String
    let intro: String
    let rows: [Row]
    let isEmpty: Bool
}

/// One electrocardiogram: its summary and its strip.
struct ElectrocardiogramPage: Sendable {
    let chrome: Chrome
    let date: String
    let classification: String
    let symptoms: String
    let averageHeartRate: String?
    let samplingFrequency: String
    let measurements: String
    let source: String
    let device: String?
    /// The strip (the `ecg-strip` template); nil when the voltages cannot be read.
    let strip: ElectrocardiogramStrip?
}

/// One audiogram: its chart and its points as a table.
struct AudiogramPage: Sendable {
    struct Point: Sendable {
        let frequency: String
        let left: String
        let right: String
    }

    let chrome: Chrome
    let date: String
    let source: String
    /// The chart (the `audiogram-chart` template).
    let chart: AudiogramChart
    let points: [Point]
}

extension HealthWebApp {
    func addRecordingRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.electrocardiograms) { [self] web in
            let store = web.host.store
            let samples = try await blocking {
                try store.samples(of: HKObjectType.electrocardiogramType(), predicate: nil, newestFirst: true, limit: 0)
            }
            let dates = try await pageDates(web.host)
            let rows = samples.compactMap { $0 as? HKElectrocardiogram }.map { ecg in
                RecordingListPage.Row(
                    date: dates.preciseDateTime(ecg.startDate), summary: Self.classificationText(ecg.classification),
                    detail: ecg.averageHeartRate.map { Self.beatsPerMinute($0) } ?? "",
                    source: ecg.sourceRevision.source.name, href: WebRoutes.electrocardiogram.path(ecg.uuid.uuidString))
            }
            return await renderer.html(
                "recordings",
                RecordingListPage(
                    chrome: chrome(web, title: "Electrocardiograms", section: .browse), heading: "Electrocardiograms",
                    intro: "Recordings of the heart's electrical activity, imported from a Health export.", rows: rows,
                    isEmpty: rows.isEmpty))
        }

        page(router, WebRoutes.electrocardiogram) { [self] web in
            guard let uuid = UUID(uuidString: try web.parameter("id")) else {
                throw WebError.notFound("Health has no such electrocardiogram.")
            }
            let store = web.host.store
            let found = try await blocking { () throws -> (HKElectrocardiogram, ElectrocardiogramVoltages?)? in
                let samples = try store.samples(
                    of: HKObjectType.electrocardiogramType(), predicate: .leaf(.uuids([uuid])), newestFirst: false,
                    limit: 1)
                guard let ecg = samples.first as? HKElectrocardiogram else { return nil }
                return (ecg, try store.electrocardiogramVoltages(of: uuid))
            }
            guard let (ecg, voltages) = found else { throw WebError.notFound("Health has no such electrocardiogram.") }
            let dates = try await pageDates(web.host)
            let strip = voltages.map { ElectrocardiogramStrip(voltages: $0, lead: .appleWatchSimilarToLeadI) }
            return await renderer.html(
                "electrocardiogram",
                ElectrocardiogramPage(
                    chrome: chrome(web, title: "Electrocardiogram", section: .browse),
                    date: dates.preciseDateTime(ecg.startDate),
                    classification: Self.classificationText(ecg.classification),
                    symptoms: Self.symptomsText(ecg.symptomsStatus),
                    averageHeartRate: ecg.averageHeartRate.map { Self.beatsPerMinute($0) },
                    samplingFrequency: ecg.samplingFrequency.map {
                        "\(PageNumberText.format($0.doubleValue(for: .hertz()))) Hz"
                    }
                        ?? "unknown",
                    measurements: "\(ecg.numberOfVoltageMeasurements)", source: ecg.sourceRevision.source.name,
                    device: ecg.device?.hardwareVersion ?? ecg.device?.name, strip: strip))
        }

        page(router, WebRoutes.audiograms) { [self] web in
            let store = web.host.store
            let samples = try await blocking {
                try store.samples(of: HKObjectType.audiogramSampleType(), predicate: nil, newestFirst: true, limit: 0)
            }
            let dates = try await pageDates(web.host)
            let rows = samples.compactMap { $0 as? HKAudiogramSample }.map { audiogram in
                RecordingListPage.Row(
                    date: dates.preciseDateTime(audiogram.startDate),
                    summary: "\(audiogram.sensitivityPoints.count) frequencies",
                    detail: Self.averages(audiogram), source: audiogram.sourceRevision.source.name,
                    href: WebRoutes.audiogram.path(audiogram.uuid.uuidString))
            }
            return await renderer.html(
                "recordings",
                RecordingListPage(
                    chrome: chrome(web, title: "Audiograms", section: .browse), heading: "Audiograms",
                    intro: "Hearing tests: each ear's hearing level by frequency.", rows: rows, isEmpty: rows.isEmpty))
        }

        page(router, WebRoutes.audiogram) { [self] web in
            guard let uuid = UUID(uuidString: try web.parameter("id")) else {
                throw WebError.notFound("Health has no such audiogram.")
            }
            let store = web.host.store
            let audiogram = try await blocking {
                try store.samples(
                    of: HKObjectType.audiogramSampleType(), predicate: .leaf(.uuids([uuid])), newestFirst: false,
                    limit: 1
                ).first as? HKAudiogramSample
            }
            guard let audiogram else { throw WebError.notFound("Health has no such audiogram.") }
            let dates = try await pageDates(web.host)
            let points = audiogram.sensitivityPoints.map { point in
                AudiogramPage.Point(
                    frequency: AudiogramChart.frequencyLabel(point.hertz) + " Hz",
                    left: Self.hearingLevel(point, .left), right: Self.hearingLevel(point, .right))
            }
            return await renderer.html(
                "audiogram",
                AudiogramPage(
                    chrome: chrome(web, title: "Audiogram", section: .browse),
                    date: dates.preciseDateTime(audiogram.startDate),
                    source: audiogram.sourceRevision.source.name,
                    chart: AudiogramChart(points: audiogram.sensitivityPoints), points: points))
        }
    }

    /// A classification as the Health app words it.
    static func classificationText(_ classification: HKElectrocardiogram.Classification) -> String {
        switch classification {
        case .notSet: "Not classified"
        case .sinusRhythm: "Sinus rhythm"
        case .atrialFibrillation: "Atrial fibrillation"
        case .inconclusiveLowHeartRate: "Inconclusive: low heart rate"
        case .inconclusiveHighHeartRate: "Inconclusive: high heart rate"
        case .inconclusivePoorReading: "Inconclusive: poor recording"
        case .inconclusiveOther: "Inconclusive"
        case .unrecognized: "Unrecognized"
        }
    }

    static func symptomsText(_ status: HKElectrocardiogram.SymptomsStatus) -> String {
        switch status {
        case .notSet: "Not recorded"
        case .none: "None"
        case .present: "Reported"
        }
    }

    static func beatsPerMinute(_ quantity: HKQuantity) -> String {
        PageNumberText.format(quantity.doubleValue(for: .count().unitDivided(by: .minute()))) + " BPM"
    }

    /// `12 dBHL`, with "(masked)" for a masked test; an en dash when the ear was not tested.
    static func hearingLevel(_ point: HKAudiogramSensitivityPoint, _ side: HKAudiogramSensitivityTestSide) -> String {
        let tests = point.tests.filter { $0.side == side }
        guard let test = tests.first(where: { !$0.masked }) ?? tests.first else { return "–" }
        return PageNumberText.format(test.decibels) + " dBHL" + (test.masked ? " (masked)" : "")
    }

    /// Each ear's average hearing level over the points that tested it.
    static func averages(_ audiogram: HKAudiogramSample) -> String {
        [HKAudiogramSensitivityTestSide.left, .right].compactMap { side -> String? in
            let levels = audiogram.sensitivityPoints.compactMap { point in
                point.tests.first { $0.side == side && !$0.masked }?.decibels
            }
            guard !levels.isEmpty else { return nil }
            let average = levels.reduce(0, +) / Double(levels.count)
            return "\(side == .left ? "Left" : "Right") \(PageNumberText.format(average)) dBHL"
        }.joined(separator: " · ")
    }
}
