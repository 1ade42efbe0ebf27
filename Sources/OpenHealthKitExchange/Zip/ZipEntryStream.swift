import CLibXML2
import Foundation

/// One zip entry's bytes, inflated (zlib, raw deflate) a chunk at a time and checked against the entry's CRC-32
/// and size when it ends.
final class ZipEntryStream: ByteStream {
    private let file: RandomAccessFile
    private let entry: ZipArchive.Entry
    private var nextInputOffset: UInt64
    private var remainingInput: UInt64
    private let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 8)
    /// zlib keeps a pointer back to its stream, so the stream lives at a fixed address.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var checksum = crc32(0, nil, 0)
    private var produced: UInt64 = 0
    private var ended = false

    var expectedSize: Int64? { Int64(exactly: entry.uncompressedSize) }

    init(file: RandomAccessFile, entry: ZipArchive.Entry, dataOffset: UInt64) throws {
        self.file = file
        self.entry = entry
        nextInputOffset = dataOffset
        remainingInput = entry.compressedSize
        stream.initialize(to: z_stream())
        if entry.method == 8, inflateInit2_(stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) != Z_OK {
            throw ExportSourceError("cannot start inflating \(entry.path)")
        }
    }

    deinit {
        if entry.method == 8 { inflateEnd(stream) }
        stream.deallocate()
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !ended, buffer.count > 0 else { return 0 }
        let count = entry.method == 8 ? try inflate(into: buffer) : try copyStored(into: buffer)
        if count > 0 {
            checksum = crc32(checksum, buffer.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(count))
            produced += UInt64(count)
        }
        if ended || count == 0 {
            ended = true
            guard produced == entry.uncompressedSize, UInt32(truncatingIfNeeded: checksum) == entry.crc32 else {
                throw ExportSourceError("\(entry.path) is damaged in the zip archive (size or CRC-32 mismatch)")
            }
        }
        return count
    }

    private func copyStored(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let wanted = Int(min(UInt64(buffer.count), remainingInput))
        guard wanted > 0 else { return 0 }
        let count = try file.read(at: nextInputOffset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
        guard count == wanted else { throw ExportSourceError("\(entry.path) is truncated in the zip archive") }
        nextInputOffset += UInt64(count)
        remainingInput -= UInt64(count)
        return count
    }

    private func inflate(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0, remainingInput > 0 {
                let wanted = Int(min(UInt64(input.count), remainingInput))
                let count = try file.read(at: nextInputOffset, into: UnsafeMutableRawBufferPointer(rebasing: input[0..<wanted]))
                guard count == wanted else { throw ExportSourceError("\(entry.path) is truncated in the zip archive") }
                nextInputOffset += UInt64(count)
                remainingInput -= UInt64(count)
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(count)
            }
            let status = CLibXML2.inflate(stream, Z_NO_FLUSH)
            if status == Z_STREAM_END {
                ended = true
                break
            }
            guard status == Z_OK else {
                if status == Z_BUF_ERROR, stream.pointee.avail_in == 0, remainingInput == 0 {
                    throw ExportSourceError("\(entry.path) is truncated in the zip archive")
                }
                throw ExportSourceError("\(entry.path) cannot be inflated (zlib status \(status))")
            }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }
}
