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

        /// Iterates the bytes, reading the next chunk when the current one is used up.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var chunks: AsyncThrowingStream<Data, any Error>.AsyncIterator
            var chunk = Data()
            var index = 0

            /// The next byte, or nil at the end; throws the read's error.
            public mutating func next() async throws -> UInt8? {
                while index >= chunk.count {
                    guard let next = try await chunks.next() else { return nil }
                    chunk = next
                    index = 0
                }
                defer { index += 1 }
                return chunk[chunk.startIndex + index]
            }
        }

        /// An iterator over the bytes.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(chunks: chunks.makeAsyncIterator())
        }
    }
}
