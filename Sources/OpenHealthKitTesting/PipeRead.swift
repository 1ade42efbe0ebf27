public import Foundation

/// Reads from a pipe with `read(2)`, retrying when a signal interrupts the call. Foundation's `FileHandle` reads end
/// the process on any error, `EINTR` included, and a test process that starts many children receives a `SIGCHLD`
/// for each: under load a read is sooner or later interrupted (seen with `stress-ng --cpu 2` beside the suites).
public enum PipeRead {
    /// The next bytes available on `descriptor` (at most 64 kB); empty at the end of the pipe or on an error.
    public static func next(_ descriptor: Int32) -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    /// Everything until the end of the pipe.
    public static func toEnd(_ descriptor: Int32) -> Data {
        var all = Data()
        while true {
            let chunk = next(descriptor)
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Everything until the end of `pipe`, read on a thread of its own: the read blocks, so neither on Swift
    /// concurrency's few threads nor on Dispatch's global queues (which share threads with them on Linux), which the
    /// tests running in parallel need.
    public static func toEnd(of pipe: Pipe) async -> Data {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: toEnd(pipe.fileHandleForReading.fileDescriptor)) }.start()
        }
    }
}
