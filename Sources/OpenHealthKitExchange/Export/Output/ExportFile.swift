package import Foundation

/// A file an export writes: created new, readable and writable by its owner only (0600, health data), written
/// through a buffer so that millions of small writes cost few system calls.
package final class ExportFile {
    let url: URL
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let bufferSize = 256 * 1024

    /// Creates the file; it must not exist.
    package init(creating url: URL) throws {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ExportFileError(url: url, operation: "create", code: errno) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if descriptor >= 0 { Foundation.close(descriptor) }
    }

    package func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write($0) }
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count > Self.bufferSize {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes what is buffered and closes the file.
    package func close() throws {
        try flush()
        let result = Foundation.close(descriptor)
        descriptor = -1
        guard result == 0 else { throw ExportFileError(url: url, operation: "close", code: errno) }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBufferPointer { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw ExportFileError(url: url, operation: "write", code: errno)
            }
            offset += written
        }
    }
}

/// A file of the export could not be written.
struct ExportFileError: Error, CustomStringConvertible {
    let url: URL
    let operation: String
    let code: Int32

    var description: String {
        "cannot \(operation) \(url.path): \(String(cString: strerror(code)))"
    }
}
