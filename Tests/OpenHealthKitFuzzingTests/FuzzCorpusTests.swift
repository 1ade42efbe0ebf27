import Foundation
import OpenHealthKitFuzzing
import OpenHealthKitWire
import Testing

/// The fuzz targets' committed inputs (Fuzz/README.md): every seed and every input libFuzzer ever found to crash a
/// target runs through it on each test run, so that a crash that was fixed stays fixed. A target traps on a crash or
/// a broken property, which fails this run.
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
    func everySeedRunsThroughItsTargetAndSomeAreAccepted(_ target: FuzzTarget) throws {
        let inputs = try Self.inputs("Corpus", target)
        var accepted = 0
        for input in inputs where target.run(try Data(contentsOf: input)) { accepted += 1 }
        #expect(!inputs.isEmpty)
        #expect(accepted > 0, "no input of \(target.rawValue)'s corpus gets past its parser")
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCrashFoundOnceRunsThroughItsTargetNow(_ target: FuzzTarget) throws {
        for input in try Self.inputs("Crashes", target) { target.run(try Data(contentsOf: input)) }
    }

    @Test func everyRouteThatTakesABodyIsFuzzed() {
        // A phone's push is not a wire body: the `health-auto-export` target fuzzes it.
        let withBodies = WireRoutes.all.filter {
            ($0.method == .post || $0.method == .put) && $0 != WireRoutes.ingestHealthAutoExport.endpoint
        }
        #expect(Set(WireBodyFuzzing.endpoints) == Set(withBodies))
        #expect(WireBodyFuzzing.endpoints.count == withBodies.count)
    }

    /// A seed that its route refuses fuzzes only the decoder's first steps: each route has one that gets through.
    @Test func everyRouteHasASeedItAccepts() throws {
        let routes = WireBodyFuzzing.endpoints.count
        var accepted: Set<Int> = []
        for input in try Self.inputs("Corpus", .wireBody) {
            let data = try Data(contentsOf: input)
            guard let selector = data.first, !data.contains(UInt8(ascii: "\n")) else { continue }
            if FuzzTarget.wireBody.run(data) { accepted.insert(Int(selector) % routes) }
        }
        let missing = Set(0..<routes).subtracting(accepted).sorted().map { "\(WireBodyFuzzing.endpoints[$0])" }
        #expect(missing.isEmpty, "no seed gets through \(missing.joined(separator: ", "))")
    }
}
