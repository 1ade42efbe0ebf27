import Foundation
import Testing
import OpenHealthKit

/// `BufferedAsyncByteIterator` (Foundation's, which swift-corelibs-foundation lacks) returns the bytes its read
/// function writes, batch after batch, and stops at the first empty read.
@Suite struct BufferedAsyncByteIteratorTests {
    /// Batches handed out one per read, and how many reads were asked for.
    final class Batches {
        var remaining: [[UInt8]]
        var reads = 0

        init(_ batches: [[UInt8]]) {
            remaining = batches
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            reads += 1
            guard !remaining.isEmpty else { return 0 }
            let batch = remaining.removeFirst()
            buffer.copyBytes(from: batch)
            return batch.count
        }
    }

    struct ReadFailed: Error {}

    @Test func itReturnsEveryByteOfEachBatchInOrder() async throws {
        let batches = Batches([[1, 2, 3], [4], [5, 6]])
        var iterator = BufferedAsyncByteIterator(capacity: 3) { try batches.read(into: $0) }
        var bytes: [UInt8] = []
        while let byte = try await iterator.next() { bytes.append(byte) }
        #expect(bytes == [1, 2, 3, 4, 5, 6])
    }

    @Test func itReadsNoMoreAfterAnEmptyRead() async throws {
        let batches = Batches([[9]])
        var iterator = BufferedAsyncByteIterator(capacity: 8) { try batches.read(into: $0) }
        #expect(try await iterator.next() == 9)
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
        #expect(batches.reads == 2)
    }

    @Test func itThrowsWhatTheReadFunctionThrows() async throws {
        var iterator = BufferedAsyncByteIterator(capacity: 8) { _ in throw ReadFailed() }
        await #expect(throws: ReadFailed.self) { _ = try await iterator.next() }
    }
}
