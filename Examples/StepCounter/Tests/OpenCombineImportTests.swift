import Foundation
import HealthKit
import OpenCombine
import OpenHealthKitTesting
import Testing

/// A file that imports OpenCombine itself as well as HealthKit (code ported with `import OpenCombine` where it had
/// `import Combine`): one module under both imports, so nothing is ambiguous.
@Suite struct OpenCombineImportTests {
    final class Counter: ObservableObject {
        @Published var count = 0
    }

    @Test func publishedWorksInAFileImportingOpenCombineAndHealthKit() async throws {
        let counter = Counter()
        let (counts, cancellable) = counter.$count.recorded()
        defer { cancellable.cancel() }
        let subject = PassthroughSubject<Int, Never>()
        let forwarding = subject.assign(to: \.count, on: counter)
        defer { forwarding.cancel() }

        #expect(try await counts.next() == 0)
        subject.send(3)
        #expect(try await counts.next() == 3)
    }
}
