// The fuzzing entry point (Fuzz/README.md).
//
// Built normally it replays inputs: `ohk-fuzz TARGET FILE...` runs each file through the target once, as the test
// suite does with the committed corpora and crashes, and says whether the target accepted or refused it.
//
// Built by Scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`, it is libFuzzer:
// `OHK_FUZZ_TARGET=TARGET ohk-fuzz [libFuzzer options] [corpus folders]`. Its `main` hands the command line to
// libFuzzer's driver (SwiftPM links every executable's entry point as `main`, in place of libFuzzer's own). The
// target comes from the environment, not the command line, because libFuzzer starts copies of itself with its own
// arguments (to merge corpora), and those copies must fuzz the same target.
import Foundation
import OpenHealthKitFuzzing

#if FUZZING
import CLibFuzzer

/// The target libFuzzer drives, named by `OHK_FUZZ_TARGET`.
private let fuzzed = ProcessInfo.processInfo.environment["OHK_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

/// One input, as libFuzzer calls it. (`-sanitize=fuzzer` links all of libFuzzer, its unused `main` included,
/// which names this function: it must exist under this name.)
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzed!.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
#endif

@main
enum FuzzEntry {
    static func main() throws {
        #if FUZZING
        guard fuzzed != nil else { usage("OHK_FUZZ_TARGET=TARGET ohk-fuzz [libFuzzer options] [corpus folders]") }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            usage("ohk-fuzz TARGET FILE...")
        }
        for path in arguments.dropFirst() {
            let accepted = target.run(try Data(contentsOf: URL(fileURLWithPath: path)))
            print("\(path): \(accepted ? "accepted" : "refused")")
        }
        #endif
    }

    private static func usage(_ synopsis: String) -> Never {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("usage: \(synopsis)\nTARGET is one of: \(names)\n".utf8))
        exit(2)
    }
}
