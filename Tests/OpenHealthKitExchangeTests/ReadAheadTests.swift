import Foundation
import Testing
@testable import OpenHealthKitExchange

/// The reading thread ahead of the parser: every chunk in order, stops both ways, failures after what came first.
@Suite struct ReadAheadTests {
    private struct ReadFailed: Error {}

    /// A reader of `count` chunks of `size` bytes; chunk i holds the byte i % 251. Returns how many chunks the
    /// receiver accepted before telling it to stop.
    private static func reader(count: Int, size: Int = 1_000, failAfter: Int? = nil) -> (ChunkReceiver) throws -> Void {
        { receive in
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size)
            defer { buffer.deallocate() }
            for index in 0..<count {
                if index == failAfter { throw ReadFailed() }
                buffer.initialize(repeating: UInt8(index % 251))
                guard try receive(buffer) else { return }
            }
        }
    }

    @Test func chunksArriveInOrderAndWhole() throws {
        var received: [UInt8] = []
        var sizes = Set<Int>()
        // Chunks larger than a slot too.
        try ReadAhead.read(Self.reader(count: 600, size: ExportSources.chunkSize + 10)) { chunk in
            #expect(chunk.allSatisfy { $0 == chunk[0] })
            received.append(chunk[0])
            sizes.insert(chunk.count)
            // The receiver may change the chunk in place.
            chunk[0] = 0xFF
            return true
        }
        #expect(received == (0..<600).map { UInt8($0 % 251) })
        #expect(sizes == [ExportSources.chunkSize + 10])
    }

    @Test func aReceiverThatStopsStopsTheReader() throws {
        var received = 0
        try ReadAhead.read(Self.reader(count: 100_000)) { _ in
            received += 1
            return received < 10
        }
        #expect(received == 10)
    }

    @Test func aReadFailureComesAfterTheChunksReadBeforeIt() {
        var received = 0
        #expect(throws: ReadFailed.self) {
            try ReadAhead.read(Self.reader(count: 100, failAfter: 42)) { _ in
                received += 1
                return true
            }
        }
        #expect(received == 42)
    }

    @Test func aReceiverFailureGoesThroughAndStopsTheReader() {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try ReadAhead.read(Self.reader(count: 100_000)) { _ in throw Refused() }
        }
    }
}
