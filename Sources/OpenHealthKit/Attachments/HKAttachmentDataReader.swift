public import Foundation
import OpenHealthKitEngine

/// Reads an attachment's bytes: whole (``data``) or as an asynchronous sequence of bytes (``bytes``).
public final class HKAttachmentDataReader: @unchecked Sendable {
    /// The attachment being read.
    public let attachment: HKAttachment
    /// The bytes read so far, of the attachment's size.
    public let progress: Progress
    private let store: HKHealthStore

    init(attachment: HKAttachment, store: HKHealthStore) {
        self.attachment = attachment
        self.store = store
        progress = Progress(totalUnitCount: Int64(attachment.size))
    }

    /// The attachment's bytes; throws ``HKError`` (`errorNoData` when the app may not read it or it is gone).
    public var data: Data {
        get async throws {
            var data = Data()
            for try await chunk in chunks() { data.append(chunk) }
            return data
        }
    }

    /// The attachment's bytes, one at a time, read in chunks as the sequence is iterated.
    public var bytes: HKAttachment.AsyncBytes {
        HKAttachment.AsyncBytes(chunks: chunks())
    }

    /// The bytes in the backend's chunks, read on the store's work queue.
    private func chunks() -> AsyncThrowingStream<Data, any Error> {
        let backend = store.backend, identifier = attachment.identifier, counter = ProgressCounter(progress)
        let queue = store.workQueue()
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(4)) { continuation in
            let stopped = Locked(false)
            continuation.onTermination = { _ in stopped.withLock { $0 = true } }
            queue.async {
                do {
                    try backend.readAttachment(identifier) { chunk in
                        counter.add(chunk.count)
                        continuation.yield(chunk)
                        return !stopped.withLock { $0 }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: HKError(wrapping: error))
                }
            }
        }
    }
}

extension HKAttachment {
    /// An attachment's bytes as an asynchronous sequence (``HKAttachmentDataReader/bytes``).
    public struct AsyncBytes: AsyncSequence, Sendable {
        /// Each element is one byte.
        public typealias Element = UInt8

        let chunks: AsyncThrowingStream<Data, any Error>

        /// The iterator reads the bytes in batches of the store's chunks, as HealthKit's `BufferedAsyncByteIterator`.
        public typealias AsyncIterator = BufferedAsyncByteIterator

        /// An iterator over the bytes.
        public func makeAsyncIterator() -> BufferedAsyncByteIterator {
            let source = ChunkSource(chunks: chunks.makeAsyncIterator())
            return BufferedAsyncByteIterator(capacity: 64 * 1024) { buffer in try await source.read(into: buffer) }
        }

        #if !canImport(Darwin)
        /// The bytes decoded as UTF-8 text, one Unicode scalar at a time.
        public var unicodeScalars: AsyncUnicodeScalarSequence<Self> { AsyncUnicodeScalarSequence(base: self) }

        /// The bytes decoded as UTF-8 text, one character at a time.
        public var characters: AsyncCharacterSequence<Self> { AsyncCharacterSequence(base: self) }

        /// The bytes decoded as UTF-8 text, one non-empty line at a time (see ``AsyncLineSequence``).
        public var lines: AsyncLineSequence<Self> { AsyncLineSequence(base: self) }
        #endif
    }
}

/// The chunks of an attachment being read, copied into the byte iterator's buffer as it asks for them.
private final class ChunkSource {
    private var chunks: AsyncThrowingStream<Data, any Error>.AsyncIterator
    private var pending = Data()

    init(chunks: AsyncThrowingStream<Data, any Error>.AsyncIterator) {
        self.chunks = chunks
    }

    /// Fills `buffer` with the next bytes; 0 at the end of the attachment.
    func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        while pending.isEmpty {
            guard let chunk = try await chunks.next() else { return 0 }
            pending = chunk
        }
        let count = min(buffer.count, pending.count)
        pending.copyBytes(to: buffer, count: count)
        pending.removeFirst(count)
        return count
    }
}
