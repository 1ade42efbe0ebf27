import Foundation

/// A file of newline-delimited JSON being written: created new and private (0600), written a buffer at a time.
final class NDJSONFile {
    private let handle: FileHandle
    private var buffer = Data()
    private static let bufferSize = 1 << 20

    /// Creates the file; it must not exist yet.
    init(creating url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Appends one resource, a line of its own.
    func append(_ json: String) throws {
        buffer.append(contentsOf: json.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes what is buffered and closes the file.
    func close() throws {
        try flush()
        try handle.close()
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
