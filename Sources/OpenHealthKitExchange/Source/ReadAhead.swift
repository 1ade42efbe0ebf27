import Foundation

/// Reads a document on a thread of its own, a few chunks ahead of the receiver: reading (and, from a zip, inflating
/// and checking the CRC-32) overlaps parsing instead of adding to it.
///
/// The chunks travel through ``slotCount`` buffers of the reader's chunk size, so memory stays bounded. The receiver
/// gets each chunk on the calling thread, in order, and may change it, as with any ``ChunkReceiver``. When the
/// receiver stops (returns false or throws), the reading thread is told to stop and waited for; its failures (a
/// read error, a CRC mismatch) are thrown after the chunks it read before them.
final class ReadAhead: @unchecked Sendable {
    /// Buffers in flight between the two threads.
    static let slotCount = 4

    // Every mutable field is guarded by `condition`.
    private let condition = NSCondition()
    private var free: [UnsafeMutableBufferPointer<UInt8>] = []
    private var filled: [UnsafeMutableBufferPointer<UInt8>] = []
    private var owned: [UnsafeMutableBufferPointer<UInt8>] = []
    private var stopped = false
    private var finished = false
    private var failure: (any Error)?

    private init() {
        for _ in 0..<Self.slotCount {
            let slot = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ExportSources.chunkSize)
            free.append(slot)
            owned.append(slot)
        }
    }

    deinit {
        for slot in owned { slot.deallocate() }
    }

    /// Runs `read` on a new thread and hands what it reads to `receive` on this one.
    static func read(_ read: @escaping (ChunkReceiver) throws -> Void, _ receive: ChunkReceiver) throws {
        let pipe = ReadAhead()
        let reader = UncheckedSendable(read)
        let thread = Thread { pipe.produce(reader.value) }
        thread.name = "OpenHealthKit.import-reader"
        thread.start()
        defer { pipe.stopAndWait() }
        try pipe.consume(receive)
    }

    /// The reading thread: copies each chunk into a free slot.
    private func produce(_ read: (ChunkReceiver) throws -> Void) {
        var failure: (any Error)?
        do {
            try read { chunk in
                guard var slot = self.takeFreeSlot() else { return false }
                if chunk.count > slot.count {
                    slot = self.replace(slot, capacity: chunk.count)
                }
                let used = UnsafeMutableBufferPointer(rebasing: slot[0..<chunk.count])
                _ = used.update(fromContentsOf: chunk)
                self.condition.withLock {
                    self.filled.append(used)
                    self.condition.broadcast()
                }
                return true
            }
        } catch {
            failure = error
        }
        condition.withLock {
            self.failure = failure
            finished = true
            condition.broadcast()
        }
    }

    /// A free slot, or nil once the receiver has stopped.
    private func takeFreeSlot() -> UnsafeMutableBufferPointer<UInt8>? {
        condition.withLock {
            while free.isEmpty, !stopped { condition.wait() }
            return stopped ? nil : free.removeLast()
        }
    }

    /// A larger buffer in place of `slot`, for a reader whose chunks outgrow the chunk size.
    private func replace(_ slot: UnsafeMutableBufferPointer<UInt8>, capacity: Int) -> UnsafeMutableBufferPointer<UInt8>
    {
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        condition.withLock {
            owned.removeAll { $0.baseAddress == slot.baseAddress }
            owned.append(larger)
        }
        slot.deallocate()
        return larger
    }

    /// The receiving thread: hands each filled slot to `receive`, then frees it.
    private func consume(_ receive: ChunkReceiver) throws {
        while true {
            let next: UnsafeMutableBufferPointer<UInt8>? = condition.withLock {
                while filled.isEmpty, !finished { condition.wait() }
                return filled.isEmpty ? nil : filled.removeFirst()
            }
            guard let chunk = next else {
                if let failure = condition.withLock({ failure }) { throw failure }
                return
            }
            let goOn = try receive(chunk)
            condition.withLock {
                // The slot's whole buffer goes back (the chunk may be shorter).
                if let slot = owned.first(where: { $0.baseAddress == chunk.baseAddress }) { free.append(slot) }
                condition.broadcast()
            }
            guard goOn else { return }
        }
    }

    /// Tells the reading thread to stop, and waits until it has, so that no slot is written after this returns.
    private func stopAndWait() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while !finished { condition.wait() }
        }
    }
}

/// A value handed to another thread that only that thread uses from then on.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
