import Foundation
import OpenHealthKitTesting

#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP connection to healthd, for what no HTTP client sends: a request's head or body left unfinished, or
/// nothing at all.
final class RawConnection: Sendable {
    private let descriptor: Int32

    /// Connects to `address`'s port on loopback.
    init(to address: URL) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("cannot open a socket") }
        // A safety bound on each read, far above what any test waits for: a test never hangs.
        let seconds = Int(SafetyTimeout.duration / .seconds(1))
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(address.port ?? 0).bigEndian)
        socketAddress.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw HarnessError("cannot connect to \(address)")
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard
            bytes.withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == bytes.count
        else { throw HarnessError("cannot send on the connection") }
    }

    /// Reads until healthd closes the connection; returns what it sent. Throws when the read fails (its safety
    /// bound passed).
    func readUntilClosed() async throws -> String {
        let descriptor = descriptor
        return try await withCheckedThrowingContinuation { continuation in
            // A blocking read, off Swift concurrency's threads (an in-process healthd answers on them).
            Thread.detachNewThread {
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    if count > 0 {
                        received += buffer[..<count]
                    } else if count == 0 || errno == ECONNRESET {
                        return continuation.resume(returning: String(decoding: received, as: UTF8.self))
                    } else if errno != EINTR {
                        return continuation.resume(throwing: HarnessError("the connection stayed open: \(errno)"))
                    }
                }
            }
        }
    }
}
