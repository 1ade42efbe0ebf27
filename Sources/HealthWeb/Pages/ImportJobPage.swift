import Foundation
import OpenHealthKitModel

/// One import's page: its progress while it runs (the script polls `/import/jobs/<id>/progress`), then its summary,
/// or, after healthd stopped during it, what it had committed and whether it can be resumed.
struct ImportJobPage: Sendable {
    struct Row: Sendable {
        let name: String
        let href: String?
        let read: String
        let added: String
        let alreadyStored: String
        let skipped: String
    }

    /// Skipped records of one type and reason.
    struct SkippedRow: Sendable {
        let record: String
        let count: String
        let lines: String
        let reason: String
    }

    /// Files not read for one reason.
    struct FileGroup: Sendable {
        let reason: String
        let count: String
        let paths: [String]
        let more: String?
    }

    let chrome: Chrome
    let id: String
    let fileName: String
    let started: String
    let running: Bool
    let progressHref: String
    let percent: Int
    let progressText: String
    let failure: String?
    let finished: Bool
    let interrupted: String?
    let resumable: Bool
    let resumeAction: String
    let discardAction: String
    let resumedNote: String?
    let headline: String
    let document: String
    let rows: [Row]
    let total: Row?
    let children: [String]
    let skipped: [SkippedRow]
    let hasSkipped: Bool
    let skippedMore: String?
    let files: String?
    let fileGroups: [FileGroup]
    let hasFileGroups: Bool
    let warnings: [String]
    let hasWarnings: Bool
    let warningsMore: String?
    let timeZoneOffer: TimeZoneOffer?

    /// How many groups of skipped records, files of a group and warnings the page lists.
    static let listed = 50

    init(_ job: ImportJobs.Job, chrome: Chrome, dates: PageDateText) {
        self.chrome = chrome
        id = job.id
        fileName = job.fileName
        started = dates.dateTime(job.started)
        running = job.state.isRunning
        progressHref = WebRoutes.importJobProgress.path(job.id)
        resumeAction = WebRoutes.importJobResume.path(job.id)
        discardAction = WebRoutes.importJobDiscard.path(job.id)
        resumable = job.isResumable
        resumedNote =
            job.resumed > 0
            ? "Resumed after healthd stopped: what the first run had added counts as already stored." : nil
        var percent = 0, progressText = "Uploading…", failure: String?, report: ImportReport?
        var interrupted: String?
        switch job.state {
        case .uploading: break
        case .importing(let progress):
            percent = progress.flatMap(ProgressText.percent) ?? 0
            progressText = progress.map(ProgressText.line) ?? "Starting…"
        case .finished(let finished):
            percent = 100
            progressText = "Done."
            report = finished
        case .failed(let message):
            progressText = "The import failed."
            failure = MessageText.forPeople(message)
        case .interrupted(let interruption):
            progressText = "Interrupted."
            interrupted = Self.sentence(interruption, resumable: job.isResumable, dates: dates)
        }
        self.percent = percent
        self.progressText = progressText
        self.failure = failure
        self.interrupted = interrupted
        finished = report != nil
        timeZoneOffer = report?.timeZone.flatMap { name in
            guard let zone = TimeZone(identifier: name), zone.identifier != dates.calendar.timeZone.identifier else {
                return nil
            }
            return TimeZoneOffer(zone, current: dates.calendar.timeZone)
        }
        headline = report.map(Self.headline) ?? ""
        document = report?.document ?? ""
        func row(_ line: ImportReport.Line, isType: Bool) -> Row {
            let type = isType ? HKObjectType.type(forRawIdentifier: line.name) as? HKSampleType : nil
            let linked = type.map { PageTypeNames.sampleType(named: $0.identifier) != nil } ?? false
            return Row(
                name: isType ? PageTypeNames.displayName(line.name) : line.name,
                href: linked ? WebRoutes.type.path(HKObjectType.shortName(forRawIdentifier: line.name)) : nil,
                read: ProgressText.count(line.read), added: ProgressText.count(line.added),
                alreadyStored: ProgressText.count(line.alreadyStored), skipped: ProgressText.count(line.skipped))
        }
        rows =
            (report?.types ?? []).map { row($0, isType: true) }.sorted { $0.name < $1.name }
            + (report?.others ?? []).map { row($0, isType: false) }
        total = report.map { row($0.total, isType: false) }
        children =
            report.map { report in
                [("route location", report.routeLocationsAdded), ("heartbeat", report.heartbeatsAdded)]
                    .filter { $0.1 > 0 }.map { "\(ProgressText.count($0.1)) \($0.0)\($0.1 == 1 ? "" : "s") added" }
            } ?? []
        let groups = Array(report?.skipped.prefix(Self.listed) ?? [])
        skipped = groups.map(Self.skippedRow)
        hasSkipped = !skipped.isEmpty
        let skippedShown = groups.reduce(0) { $0 + $1.count }
        skippedMore = report.flatMap { report in
            report.skippedTotal > skippedShown
                ? "and \(ProgressText.count(report.skippedTotal - skippedShown)) more in other groups" : nil
        }
        files = report.map { report in
            let read = "\(ProgressText.count(report.filesRead)) file\(report.filesRead == 1 ? "" : "s") read"
            guard report.unimportedFilesTotal > 0 else { return read + ": every file of the export." }
            return read + ", \(ProgressText.count(report.unimportedFilesTotal)) not imported:"
        }
        fileGroups = Self.fileGroups(report)
        hasFileGroups = !fileGroups.isEmpty
        let warnings = Array(report?.warnings.prefix(Self.listed) ?? []).map(MessageText.forPeople)
        self.warnings = warnings
        hasWarnings = !warnings.isEmpty
        warningsMore = report.flatMap { report in
            report.warningsTotal > warnings.count
                ? "and \(ProgressText.count(report.warningsTotal - warnings.count)) more" : nil
        }
    }

    /// What an interruption left, for people.
    private static func sentence(_ interruption: ImportJobs.Interruption, resumable: Bool, dates: PageDateText)
        -> String
    {
        let noticed = dates.dateTime(interruption.noticed)
        if interruption.duringUpload {
            return "healthd stopped while the file was being uploaded (it started again \(noticed)): nothing was "
                + "imported. Upload the export again."
        }
        let added =
            interruption.added == 0
            ? "Nothing had been added yet."
            : "\(ProgressText.count(interruption.added)) record\(interruption.added == 1 ? " had" : "s had") been "
                + "added; they stay in Health."
        let next =
            resumable
            ? " Resume Import goes on from the uploaded file: what was added is recognised and not added twice."
            : " To complete it, import the same export again: what was added is recognised and not added twice."
        return "healthd stopped while this export was being imported (it started again \(noticed)). " + added + next
    }

    private static func skippedRow(_ group: ImportReport.SkippedGroup) -> SkippedRow {
        let what = group.type.map { "\(group.element) · \(PageTypeNames.displayName($0))" } ?? group.element
        var lines = (group.count == 1 ? "line " : "lines ") + group.lines.map(String.init).joined(separator: ", ")
        if group.count > group.lines.count { lines += ", …" }
        return SkippedRow(
            record: what, count: ProgressText.count(group.count), lines: lines,
            reason: MessageText.forPeople(group.reason))
    }

    /// The files not read, by reason, each with the first names.
    private static func fileGroups(_ report: ImportReport?) -> [FileGroup] {
        guard let report else { return [] }
        var order: [String] = []
        var byReason: [String: [String]] = [:]
        for file in report.unimportedFiles {
            if byReason[file.reason] == nil { order.append(file.reason) }
            byReason[file.reason, default: []].append(file.path)
        }
        return order.map { reason in
            let paths = byReason[reason] ?? []
            let shown = Array(paths.prefix(listed))
            return FileGroup(
                reason: reason.prefix(1).uppercased() + reason.dropFirst(), count: ProgressText.count(paths.count),
                paths: shown, more: paths.count > shown.count ? "and \(paths.count - shown.count) more" : nil)
        }
    }

    /// `1,234 added, 12 already stored, 3 skipped.`, then `Incomplete: <why>.` for a document that ends early.
    static func headline(_ report: ImportReport) -> String {
        let total = report.total
        return "\(ProgressText.count(total.added)) added, \(ProgressText.count(total.alreadyStored)) already stored, "
            + "\(ProgressText.count(total.skipped)) skipped." + (report.incomplete.map { " Incomplete: \($0)." } ?? "")
    }

    /// `{"state": "uploading" | "importing" | "finished" | "failed" | "interrupted", "percent", "text", "error",
    /// "href", "added", ...}`.
    static func progress(of job: ImportJobs.Job) -> [String: Any] {
        var answer: [String: Any] = ["job": job.id, "href": WebRoutes.importJob.path(job.id)]
        answer["state"] = job.state.name
        switch job.state {
        case .uploading:
            answer["text"] = "Uploading…"
        case .importing(let progress):
            answer["text"] = progress.map(ProgressText.line) ?? "Starting…"
            if let progress {
                answer["bytesRead"] = progress.bytesRead
                answer["records"] = progress.records
                answer["added"] = progress.added
                if let total = progress.totalBytes { answer["totalBytes"] = total }
                if let percent = ProgressText.percent(progress) { answer["percent"] = percent }
            }
        case .finished(let report):
            answer["percent"] = 100
            answer["text"] = headline(report)
            answer["added"] = report.total.added
            if let incomplete = report.incomplete { answer["incomplete"] = incomplete }
        case .failed(let message):
            answer["text"] = MessageText.forPeople(message)
            answer["error"] = MessageText.forPeople(message)
        case .interrupted(let interruption):
            answer["text"] = "Interrupted: healthd stopped."
            answer["added"] = interruption.added
            answer["resumable"] = job.isResumable
        }
        return answer
    }
}
