import Foundation
import OpenHealthKitFuzzing
import OpenHealthKitWire
import Testing

/// The fuzz targets' committed inputs (Fuzz/README.md): every seed and every crash libFuzzer ever found runs through
/// its target on each test run, so a crash that was fixed stays fixed. A target traps on a crash or a broken
/// property, which fails this run.
@Suite struct FuzzCorpusTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz").standardizedFileURL

    static func inputs(_ folder: String, _ target: FuzzTarget) throws -> [URL] {
        let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyTargetHasASeedCorpus(_ target: FuzzTarget) throws {
        #expect(try !Self.inputs("Corpus", target).isEmpty)
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySeedRunsThroughItsTarget(_ target: FuzzTarget) throws {
        for input in try Self.inputs("Corpus", target) { target.run(try Data(contentsOf: input)) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCrashFoundOnceRunsThroughItsTargetNow(_ target: FuzzTarget) throws {
        for input in try Self.inputs("Crashes", target) { target.run(try Data(contentsOf: input)) }
    }

    @Test func everyRouteThatTakesABodyIsFuzzed() {
        let withBodies = WireRoutes.all.filter { $0.method == .post || $0.method == .put }
        #expect(Set(WireBodyFuzzing.endpoints) == Set(withBodies))
        #expect(WireBodyFuzzing.endpoints.count == withBodies.count)
    }
}
