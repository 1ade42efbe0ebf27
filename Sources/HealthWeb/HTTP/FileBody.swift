package import Foundation
package import Hummingbird
import _NIOFileSystem

/// A file's first `size` bytes as a response body, read a chunk at a time: an export of a gigabyte is never held in
/// memory. Health's export download and healthd's bulk export files both send theirs so.
package enum FileBody {
    package static func streamed(_ file: URL, size: Int64) -> ResponseBody {
        ResponseBody(contentLength: Int(size)) { writer in
            try await FileSystem.shared.withFileHandle(forReadingAt: FilePath(file.path)) { handle in
                for try await chunk in handle.readChunks(in: 0..<size, chunkLength: .kibibytes(256)) {
                    try await writer.write(chunk)
                }
            }
            try await writer.finish(nil)
        }
    }
}
