import Foundation
import OpenHealthKitTesting
import Testing
@testable import HealthWeb

/// Exports wait in folders of their own: the last three are kept, and what an earlier healthd left is removed once
/// it is an hour old, while a folder another healthd is still filling is left alone.
struct ExportJobsTests {
    private func folder(_ name: String, in directory: URL, age: TimeInterval) throws -> URL {
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: folder.path)
        return folder
    }

    @Test func anAbandonedExportGoesAndAFreshOneStays() throws {
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let abandoned = try folder("export-old", in: directory, age: 2 * 3600)
        let fresh = try folder("export-fresh", in: directory, age: 60)
        let upload = try folder("import-old", in: directory, age: 2 * 3600)
        _ = ExportJobs<WebExportFormat>(directory: directory)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(
            FileManager.default.fileExists(atPath: fresh.path) && FileManager.default.fileExists(atPath: upload.path))
    }

    @Test func theLastThreeAreKeptAndOneRunsAtATime() throws {
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = ExportJobs<WebExportFormat>(directory: directory)
        var made: [ExportJobs<WebExportFormat>.Job] = []
        for _ in 0..<4 {
            let job = try #require(try jobs.begin(.fhir))
            #expect(try jobs.begin(.csv) == nil)
            jobs.update(job.id, to: .finished(records: 1, bytes: 1))
            made.append(job)
        }
        #expect(jobs.job(made[0].id) == nil && !FileManager.default.fileExists(atPath: made[0].folder.path))
        #expect(
            made.dropFirst().allSatisfy {
                jobs.job($0.id) != nil && FileManager.default.fileExists(atPath: $0.folder.path)
            })
        let attributes = try FileManager.default.attributesOfItem(atPath: made[3].folder.path)
        #expect(attributes[.posixPermissions] as? Int == 0o700)
    }

    @Test func aRunningJobRemovedIsHiddenButStillTheOneRunningUntilItEnds() throws {
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = ExportJobs<WebExportFormat>(directory: directory)
        let running = try #require(try jobs.begin(.fhir))
        #expect(jobs.remove(running.id))
        #expect(jobs.job(running.id) == nil)
        #expect(try jobs.begin(.csv) == nil)
        #expect(FileManager.default.fileExists(atPath: running.folder.path))
        jobs.update(running.id, to: .finished(records: 1, bytes: 1))
        #expect(!FileManager.default.fileExists(atPath: running.folder.path))
        #expect(try jobs.begin(.csv) != nil)
    }
}
