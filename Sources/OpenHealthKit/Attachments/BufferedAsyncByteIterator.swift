#if !canImport(Darwin)
/// An asynchronous iterator of bytes that reads them in batches: Foundation's iterator of `AsyncBytes` sequences,
/// which swift-corelibs-foundation does not have. ``HKAttachment/AsyncBytes`` iterates with it, as in HealthKit.
///
/// `readFunction` fills the buffer it is given (of `capacity` bytes) and returns how many bytes it wrote; 0 means the
/// end. The iterator calls it again only when every byte of the last batch was returned.
public struct BufferedAsyncByteIterator: AsyncIteratorProtocol {
    /// Each element is one byte.
    public typealias Element = UInt8

    private let buffer: ByteBuffer

    /// An iterator reading batches of up to `capacity` bytes (at least 1) with `readFunction`.
    public init(capacity: Int, readFunction: @escaping (UnsafeMutableRawBufferPointer) async throws -> Int) {
        buffer = ByteBuffer(capacity: max(1, capacity), read: readFunction)
    }

    /// The next byte, or nil once `readFunction` returned 0; throws what `readFunction` throws.
    public mutating func next() async throws -> UInt8? {
        try await buffer.next()
    }
}

/// The batch being returned and the function reading the next one: a class, so that copies of the iterator share
/// one position, as Foundation's do.
private final class ByteBuffer {
    private let storage: UnsafeMutableRawBufferPointer
    private let read: (UnsafeMutableRawBufferPointer) async throws -> Int
    private var position = 0
    private var count = 0
    private var finished = false

    init(capacity: Int, read: @escaping (UnsafeMutableRawBufferPointer) async throws -> Int) {
        storage = .allocate(byteCount: capacity, alignment: 1)
        self.read = read
    }

    deinit {
        storage.deallocate()
    }

    func next() async throws -> UInt8? {
        if position == count {
            guard !finished else { return nil }
            let read = try await self.read(storage)
            guard read > 0 else {
                finished = true
                return nil
            }
            precondition(read <= storage.count, "readFunction wrote more bytes than the buffer holds")
            position = 0
            count = read
        }
        defer { position += 1 }
        return storage[position]
    }
}
#endif
