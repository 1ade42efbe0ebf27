import Foundation
import Testing
import OpenHealthKitModel

/// A function kept in `Locked` is called through the same frames however often it was read: a bare function type
/// would gain two reabstraction thunks with each `withLock`, and every call would be slower than the one before.
@Suite struct SendableFunctionTests {
    @Test func aFunctionKeptInLockedIsCalledAtTheSameDepthEveryTime() {
        let depths = Locked<[Int]>([])
        let kept = Locked<SendableFunction<Void, Void>?>(
            SendableFunction { depths.withLock { $0.append(Thread.callStackSymbols.count) } })
        for _ in 0..<20 { kept.withLock { $0 }?.call(()) }
        #expect(Set(depths.withLock { $0 }).count == 1, "\(depths.withLock { $0 })")
    }

    /// `HKSource.default()` asks the adopted app's function on every call (every sample an app saves), so the test
    /// runs in a process of its own.
    @Test func theProcessSourceIsAskedAtTheSameDepthHoweverOftenItIsRead() async {
        await #expect(processExitsWith: .success) {
            let depths = Locked<[Int]>([])
            HKSource.adoptProcessApp {
                depths.withLock { $0.append(Thread.callStackSymbols.count) }
                return HKSource(name: "Heart", bundleIdentifier: "com.example.heart")
            }
            for _ in 0..<20 { _ = HKSource.default() }
            #expect(Set(depths.withLock { $0 }).count == 1, "\(depths.withLock { $0 })")
        }
    }
}
