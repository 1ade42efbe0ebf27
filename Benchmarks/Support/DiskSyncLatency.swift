import Foundation

/// How long the disk takes to make a small write durable: the median of `count` rounds of a 4 KiB `pwrite` and an
/// `fdatasync`, in seconds.
///
/// Tools that commit often are bound by it: healthkit-to-sqlite syncs about 109,000 times on the 500 MB export, so
/// its time (and any ratio against it) depends on the disk as much as on the CPU.
enum DiskSyncLatency {
    static func measure(in directory: String, count: Int = 200) throws -> Double {
        let path = "\(directory)/sync-latency.tmp"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer {
            close(descriptor)
            unlink(path)
        }
        let page = [UInt8](repeating: 0x5A, count: 4096)
        var seconds: [Double] = []
        for round in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            guard pwrite(descriptor, page, page.count, off_t(4096 * (round % 16))) == page.count,
                fdatasync(descriptor) == 0
            else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return seconds.sorted()[count / 2]
    }
}
