import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP port no one listens on now, for a server that must be told its port (PostgreSQL): the kernel picks one for
/// a socket bound to port 0 on loopback, which is then closed. Another process could take it in between; on a test
/// machine, that is rare enough.
enum FreePort {
    static func loopback() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PostgreSQLServerError("cannot open a socket to find a free port") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw PostgreSQLServerError("cannot bind a socket to find a free port") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw PostgreSQLServerError("cannot read the free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
