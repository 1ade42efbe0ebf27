import Foundation

/// A file read sequentially through its descriptor.
final class FileByteStream: ByteStream {
    private let descriptor: Int32
    let expectedSize: Int64?

    init(path: String) throws {
        descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ExportSourceError("cannot open \(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        expectedSize = fstat(descriptor, &status) == 0 ? Int64(status.st_size) : nil
    }

    deinit {
        close(descriptor)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw ExportSourceError("read error: \(String(cString: strerror(errno)))") }
        }
    }
}
