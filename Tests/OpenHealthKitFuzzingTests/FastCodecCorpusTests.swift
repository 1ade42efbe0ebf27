import Foundation
import OpenHealthKitFuzzing
import OpenHealthKitWire
import Testing

/// The wire-body fuzz target's committed inputs, each line's body read as every type the fast codec has: the fast
/// codec reads none of them otherwise than the Codable types (it reads the same value or leaves the body to them,
/// whose answer, error included, then stands).
@Suite struct FastCodecCorpusTests {
    @Test func theFastCodecReadsEveryCorpusBodyAsTheCodableTypesDo() throws {
        var read = 0
        for folder in ["Corpus", "Crashes"] {
            for input in try FuzzCorpusTests.inputs(folder, .wireBody) {
                for line in try Data(contentsOf: input).split(separator: UInt8(ascii: "\n")) {
                    let body = Data(line.dropFirst())
                    for difference in [
                        WireRequestBody.fastCodecDisagreement(WireSaveRequest.self, on: body),
                        WireRequestBody.fastCodecDisagreement(WireSamplesResponse.self, on: body),
                        WireRequestBody.fastCodecDisagreement(WireSaveResponse.self, on: body),
                        WireRequestBody.fastCodecDisagreement(WireSample.self, on: body),
                    ] {
                        #expect(difference == nil, "\(input.lastPathComponent): \(difference ?? "")")
                    }
                    if WireJSON.fastDecode(WireSaveRequest.self, from: body) != nil { read += 1 }
                }
            }
        }
        // Saves of common samples are in the corpus: the fast codec is tried on them, not only refused.
        #expect(read > 0)
    }
}
