import Foundation

/// A zip archive's table of contents (its central directory, ZIP64 included), read without extracting anything.
/// Entries are inflated as they are read (``ZipEntryStream``), so a multi-gigabyte `export.xml` never lands on disk
/// or in memory.
final class ZipArchive {
    struct Entry {
        /// The path inside the archive, `/`-separated.
        let path: String
        /// 0 stored, 8 deflated.
        let method: UInt16
        let flags: UInt16
        let crc32: UInt32
        let compressedSize: UInt64
        let uncompressedSize: UInt64
        let localHeaderOffset: UInt64

        var isDirectory: Bool { path.hasSuffix("/") }
    }

    let url: URL
    let entries: [Entry]
    private let entriesByPath: [String: Entry]

    init(url: URL) throws {
        self.url = url
        let file = try RandomAccessFile(path: url.path)
        entries = try Self.readCentralDirectory(file)
        entriesByPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func isZip(_ url: URL) throws -> Bool {
        let file = try RandomAccessFile(path: url.path)
        guard file.size >= 4 else { return false }
        return try file.read(at: 0, count: 4).uint32(at: 0) == 0x0403_4B50
    }

    func entry(_ path: String) -> Entry? {
        entriesByPath[path]
    }

    /// A stream of the entry's uncompressed bytes, checked against its CRC-32 at the end.
    func open(_ entry: Entry) throws -> ZipEntryStream {
        guard entry.flags & 1 == 0 else { throw ExportSourceError("\(entry.path) is encrypted in \(url.lastPathComponent)") }
        guard entry.method == 0 || entry.method == 8 else {
            throw ExportSourceError("\(entry.path) uses zip compression method \(entry.method); only stored and deflated entries can be read")
        }
        let file = try RandomAccessFile(path: url.path)
        let header = try file.read(at: entry.localHeaderOffset, count: 30)
        guard header.uint32(at: 0) == 0x0403_4B50 else { throw ExportSourceError("\(entry.path): bad local header in \(url.lastPathComponent)") }
        let dataOffset = entry.localHeaderOffset + 30 + UInt64(header.uint16(at: 26)) + UInt64(header.uint16(at: 28))
        return try ZipEntryStream(file: file, entry: entry, dataOffset: dataOffset)
    }

    // MARK: Central directory

    private static func readCentralDirectory(_ file: RandomAccessFile) throws -> [Entry] {
        // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
        let tailLength = min(file.size, 22 + 0xFFFF)
        let tail = try file.read(at: file.size - tailLength, count: Int(tailLength))
        guard tail.count >= 22, let eocd = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.uint32(at: $0) == 0x0605_4B50 })
        else { throw ExportSourceError("\(file.path) is not a zip archive (no end of central directory)") }
        var count = UInt64(tail.uint16(at: eocd + 10))
        var size = UInt64(tail.uint32(at: eocd + 12))
        var offset = UInt64(tail.uint32(at: eocd + 16))
        // ZIP64: a locator just before the record points at the ZIP64 end-of-central-directory record.
        if eocd >= 20, tail.uint32(at: eocd - 20) == 0x0706_4B50 {
            let record = try file.read(at: tail.uint64(at: eocd - 12), count: 56)
            guard record.uint32(at: 0) == 0x0606_4B50 else { throw ExportSourceError("\(file.path): bad ZIP64 end of central directory") }
            count = record.uint64(at: 32)
            size = record.uint64(at: 40)
            offset = record.uint64(at: 48)
        }
        guard offset + size <= file.size, size < 1 << 31 else { throw ExportSourceError("\(file.path): central directory out of bounds") }
        let directory = try file.read(at: offset, count: Int(size))
        var entries: [Entry] = []
        entries.reserveCapacity(Int(min(count, 1 << 20)))
        var position = 0
        while position + 46 <= directory.count, directory.uint32(at: position) == 0x0201_4B50 {
            let nameLength = Int(directory.uint16(at: position + 28))
            let extraLength = Int(directory.uint16(at: position + 30))
            let commentLength = Int(directory.uint16(at: position + 32))
            let nameStart = position + 46
            guard nameStart + nameLength + extraLength <= directory.count else { break }
            let flags = directory.uint16(at: position + 8)
            var compressed = UInt64(directory.uint32(at: position + 20))
            var uncompressed = UInt64(directory.uint32(at: position + 24))
            var localOffset = UInt64(directory.uint32(at: position + 42))
            readZip64Extra(
                directory[(nameStart + nameLength)..<(nameStart + nameLength + extraLength)],
                uncompressed: &uncompressed, compressed: &compressed, offset: &localOffset)
            entries.append(Entry(
                path: decodeName(directory[nameStart..<(nameStart + nameLength)]),
                method: directory.uint16(at: position + 10), flags: flags, crc32: directory.uint32(at: position + 16),
                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: localOffset))
            position = nameStart + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// The ZIP64 extra field (id 1) holds, in order, each of the 64-bit values whose 32-bit field is 0xFFFFFFFF.
    private static func readZip64Extra(_ extra: ArraySlice<UInt8>, uncompressed: inout UInt64, compressed: inout UInt64, offset: inout UInt64) {
        let bytes = Array(extra)
        var position = 0
        while position + 4 <= bytes.count {
            let id = bytes.uint16(at: position)
            let length = Int(bytes.uint16(at: position + 2))
            defer { position += 4 + length }
            guard id == 1 else { continue }
            var field = position + 4
            let end = min(field + length, bytes.count)
            func take(_ value: inout UInt64) {
                guard value == 0xFFFF_FFFF, field + 8 <= end else { return }
                value = bytes.uint64(at: field)
                field += 8
            }
            take(&uncompressed)
            take(&compressed)
            take(&offset)
        }
    }

    /// Names are UTF-8 when flagged, and in practice also when not (macOS, iOS); anything else is read as Latin-1.
    private static func decodeName(_ bytes: ArraySlice<UInt8>) -> String {
        if let name = String(validating: bytes, as: UTF8.self) { return name }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }
}

/// A file read at offsets.
final class RandomAccessFile {
    let path: String
    let size: UInt64
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ExportSourceError("cannot open \(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw ExportSourceError("cannot read \(path)")
        }
        size = UInt64(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Up to `buffer.count` bytes at `offset`; fewer only at the end of the file.
    func read(at offset: UInt64, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset) + off_t(total))
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw ExportSourceError("read error in \(path): \(String(cString: strerror(errno)))")
            }
            total += count
        }
        return total
    }

    func read(at offset: UInt64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { try self.read(at: offset, into: $0) }
        guard read == count else { throw ExportSourceError("\(path) is truncated") }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Little-endian integers, as zip stores them.
    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
    }

    func uint64(at offset: Int) -> UInt64 {
        UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32
    }
}
