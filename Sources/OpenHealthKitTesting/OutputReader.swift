import Foundation

/// Reads what a started healthd prints, on a thread of its own (blocking reads stay off Swift concurrency's few
/// threads), until its end: healthd never blocks on a full pipe.
enum OutputReader {
    /// Starts reading `handle`, appending everything to `log` when given; returns the first line that names an
    /// address (healthd's banner, with the next line when it tells of the owner secret), or all that was printed if
    /// healthd ended without one.
    static func start(_ handle: FileHandle, log: URL?) async -> String {
        let file = log.flatMap { log -> FileHandle? in
            if !FileManager.default.fileExists(atPath: log.path) {
                _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            }
            let file = try? FileHandle(forWritingTo: log)
            _ = try? file?.seekToEnd()
            return file
        }
        return await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                var answered = false
                while true {
                    let data = PipeRead.next(handle.fileDescriptor)
                    if data.isEmpty { break }
                    file?.write(data)
                    guard !answered else { continue }
                    text += String(decoding: data, as: UTF8.self)
                    if let banner = banner(in: text) {
                        continuation.resume(returning: banner)
                        answered = true
                    }
                }
                try? file?.close()
                if !answered { continuation.resume(returning: text) }
            }.start()
        }
    }

    /// The complete line with healthd's address, and the line after it when the address line tells of the owner
    /// secret (both are printed in one write).
    private static func banner(in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // complete lines only
        guard let index = lines.firstIndex(where: { $0.hasPrefix("Health is at http://") }) else { return nil }
        let first = lines[index]
        if first.contains("owner secret") {
            guard index + 1 < lines.endIndex else { return nil }
            return first + "\n" + lines[index + 1] + "\n"
        }
        return first + "\n"
    }
}
