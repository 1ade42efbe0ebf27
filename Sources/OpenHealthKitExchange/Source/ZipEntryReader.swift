import Foundation
#if canImport(zlib)
import zlib
#else
import CZlib  // ZIPFoundation's zlib module on Linux
#endif

/// Where each entry's bytes are in a zip archive, from its central directory (ZIP64 included), and the reading of
/// one entry: stored or deflated, never past its compressed size, checked against its size and CRC-32.
///
/// ZIPFoundation lists the entries, but its inflating does not stop at an entry's compressed size: it reads on to
/// the end of the file, and a deflate stream that never ends there made it loop forever (Fuzz/Crashes/export-zip).
/// Reading is bounded here: each round consumes new compressed bytes, of which there are `compressedSize`.
struct ZipEntryReader {
    /// An entry as the central directory records it.
    struct Location: Equatable {
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64
    }

    /// The entries, in the central directory's order (the order ZIPFoundation lists them in).
    let locations: [Location]

    /// Reads the central directory of the archive at `url`.
    init(url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        let tailLength = min(size, 22 + 65_535)
        let tail = try Self.read(handle, at: size - tailLength, count: Int(tailLength))
        guard let end = Self.lastIndex(of: 0x0605_4b50, in: tail, from: tail.count - 22) else {
            throw ExportSourceError("\(url.path) has no zip central directory")
        }
        var count = UInt64(Self.uint16(tail, end + 10))
        var directorySize = UInt64(Self.uint32(tail, end + 12))
        var directoryOffset = UInt64(Self.uint32(tail, end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: a locator just before the end record points at the ZIP64 end record.
            guard end >= 20, Self.uint32(tail, end - 20) == 0x0706_4b50 else {
                throw ExportSourceError("\(url.path) has a damaged ZIP64 end of central directory")
            }
            let record = try Self.read(handle, at: Self.uint64(tail, end - 12), count: 56)
            guard Self.uint32(record, 0) == 0x0606_4b50 else {
                throw ExportSourceError("\(url.path) has a damaged ZIP64 end of central directory")
            }
            count = Self.uint64(record, 32)
            directorySize = Self.uint64(record, 40)
            directoryOffset = Self.uint64(record, 48)
        }
        guard directoryOffset <= size, directorySize <= size - directoryOffset, count <= directorySize / 46 else {
            throw ExportSourceError("\(url.path) has a damaged zip central directory")
        }
        let directory = try Self.read(handle, at: directoryOffset, count: Int(directorySize))
        var locations: [Location] = []
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, Self.uint32(directory, position) == 0x0201_4b50 else {
                throw ExportSourceError("\(url.path) has a damaged zip central directory")
            }
            let nameLength = Int(Self.uint16(directory, position + 28))
            let extraLength = Int(Self.uint16(directory, position + 30))
            let commentLength = Int(Self.uint16(directory, position + 32))
            let next = position + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw ExportSourceError("\(url.path) has a damaged zip central directory")
            }
            var location = Location(
                method: Self.uint16(directory, position + 10), crc32: Self.uint32(directory, position + 16),
                compressedSize: UInt64(Self.uint32(directory, position + 20)),
                uncompressedSize: UInt64(Self.uint32(directory, position + 24)),
                localHeaderOffset: UInt64(Self.uint32(directory, position + 42)))
            Self.applyZIP64(
                directory[(position + 46 + nameLength)..<(position + 46 + nameLength + extraLength)], to: &location)
            locations.append(location)
            position = next
        }
        self.locations = locations
    }

    /// Fields the central directory marks 0xFFFFFFFF are in the ZIP64 extra field (id 1), in this order.
    private static func applyZIP64(_ extra: ArraySlice<UInt8>, to location: inout Location) {
        var position = extra.startIndex
        while position + 4 <= extra.endIndex {
            let id = uint16(extra, position)
            let length = Int(uint16(extra, position + 2))
            let data = position + 4
            guard data + length <= extra.endIndex else { return }
            if id == 1 {
                var field = data
                func next() -> UInt64? {
                    guard field + 8 <= data + length else { return nil }
                    defer { field += 8 }
                    return uint64(extra, field)
                }
                if location.uncompressedSize == 0xFFFF_FFFF {
                    location.uncompressedSize = next() ?? location.uncompressedSize
                }
                if location.compressedSize == 0xFFFF_FFFF {
                    location.compressedSize = next() ?? location.compressedSize
                }
                if location.localHeaderOffset == 0xFFFF_FFFF {
                    location.localHeaderOffset = next() ?? location.localHeaderOffset
                }
                return
            }
            position = data + length
        }
    }

    /// Reads an entry a chunk at a time (at most `chunkSize` bytes each), giving
    /// `receive` each chunk, until the entry ends or `receive` returns false.
    ///
    /// - Throws: `ExportSourceError` when the entry's data is damaged (its deflate stream is invalid, or does not end
    ///   within its compressed size), has another size or CRC-32 than recorded, or uses a compression method other
    ///   than stored or deflated; what `receive` throws.
    static func read(
        _ location: Location, of url: URL, named name: String, chunkSize: Int, _ receive: ChunkReceiver
    ) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let header = try read(handle, at: location.localHeaderOffset, count: 30)
        guard uint32(header, 0) == 0x0403_4b50 else {
            throw ExportSourceError("\(name) is damaged in the zip archive (no local header where it should be)")
        }
        try handle.seek(
            toOffset: location.localHeaderOffset + 30 + UInt64(uint16(header, 26)) + UInt64(uint16(header, 28)))
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { output.deallocate() }
        var checksum = crc32(0, nil, 0)
        var written: UInt64 = 0
        /// Gives `receive` the first `count` bytes of `output`; false once it wants no more.
        func deliver(_ count: Int) throws -> Bool {
            guard count > 0 else { return true }
            let chunk = UnsafeMutableBufferPointer(rebasing: output[0..<count])
            checksum = crc32(checksum, chunk.baseAddress, uInt(count))
            written += UInt64(count)
            return try receive(chunk)
        }
        var remaining = location.compressedSize
        func nextInput() throws -> Data {
            guard remaining > 0 else {
                throw ExportSourceError("\(name) is damaged in the zip archive (its data ends before its stream)")
            }
            let data = try handle.read(upToCount: Int(min(UInt64(chunkSize), remaining))) ?? Data()
            guard !data.isEmpty else { throw ExportSourceError("\(name) is cut short in the zip archive") }
            remaining -= UInt64(data.count)
            return data
        }
        switch location.method {
        case 0:
            while remaining > 0 {
                let data = try nextInput()
                _ = data.copyBytes(to: output)
                guard try deliver(data.count) else { return }
            }
        case 8:
            var stream = z_stream()
            guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw ExportSourceError("\(name) cannot be inflated")
            }
            defer { inflateEnd(&stream) }
            var ended = false
            while !ended {
                var input = try nextInput()
                let wanted = try input.withUnsafeMutableBytes { raw -> Bool in
                    stream.next_in = raw.bindMemory(to: UInt8.self).baseAddress
                    stream.avail_in = uInt(raw.count)
                    repeat {
                        stream.next_out = output.baseAddress
                        stream.avail_out = uInt(output.count)
                        let result = inflate(&stream, Z_NO_FLUSH)
                        guard result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR else {
                            throw ExportSourceError("\(name) is damaged in the zip archive (invalid deflate data)")
                        }
                        guard try deliver(output.count - Int(stream.avail_out)) else { return false }
                        if result == Z_STREAM_END {
                            ended = true
                            return true
                        }
                        // Z_BUF_ERROR: no progress possible without more input.
                        if result == Z_BUF_ERROR { return true }
                    } while stream.avail_out == 0 || stream.avail_in > 0
                    return true
                }
                guard wanted else { return }
            }
        default:
            throw ExportSourceError(
                "\(name) uses zip compression method \(location.method): only stored and deflated are read")
        }
        guard written == location.uncompressedSize else {
            throw ExportSourceError(
                "\(name) is damaged in the zip archive (\(written) bytes, not \(location.uncompressedSize))")
        }
        guard checksum == location.crc32 else {
            throw ExportSourceError("\(name) is damaged in the zip archive (CRC-32 mismatch)")
        }
    }

    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) throws -> [UInt8] {
        try handle.seek(toOffset: offset)
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw ExportSourceError("the zip archive is cut short") }
        return [UInt8](data)
    }

    private static func lastIndex(of signature: UInt32, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index >= 0 {
            if uint32(bytes, index) == signature { return index }
            index -= 1
        }
        return nil
    }

    private static func uint16<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ index: Bytes.Index) -> UInt16
    where Bytes.Element == UInt8, Bytes.Index == Int {
        UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
    }

    private static func uint32<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ index: Bytes.Index) -> UInt32
    where Bytes.Element == UInt8, Bytes.Index == Int {
        UInt32(uint16(bytes, index)) | UInt32(uint16(bytes, index + 2)) << 16
    }

    private static func uint64<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ index: Bytes.Index) -> UInt64
    where Bytes.Element == UInt8, Bytes.Index == Int {
        UInt64(uint32(bytes, index)) | UInt64(uint32(bytes, index + 4)) << 32
    }
}
