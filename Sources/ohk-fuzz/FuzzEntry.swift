// The fuzzing entry point (Fuzz/README.md). Built by Scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`, it is
// libFuzzer's target: libFuzzer supplies `main` and calls `LLVMFuzzerTestOneInput` with each input, for the target
// named by the environment variable OHK_FUZZ_TARGET. Built normally, it replays files: `ohk-fuzz TARGET FILE...`.
import Foundation
import OpenHealthKitFuzzing

#if FUZZING
    private let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["OHK_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            fatalError("set OHK_FUZZ_TARGET to one of: \(names)")
        }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        target.run(Data(bytes: bytes, count: count))
        return 0
    }
#else
    @main
    enum Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(Data("usage: ohk-fuzz \(names) FILE...\n".utf8))
                exit(2)
            }
            for path in arguments.dropFirst() {
                target.run(try Data(contentsOf: URL(fileURLWithPath: path)))
                print("\(path): ok")
            }
        }
    }
#endif
