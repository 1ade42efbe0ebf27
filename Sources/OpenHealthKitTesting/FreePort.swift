import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP port no one listens on now, for a server that must be told its port (PostgreSQL).
///
/// The port is chosen at random below the kernel's ephemeral range (`ip_local_port_range`), never in it: the kernel
/// hands ports of that range to every outgoing connection and to every server bound to port 0 (healthd under test),
/// so a port taken from it could be given to someone else before the server binds it, or, while a killed server is
/// down, to a client retrying a connection to it (a loopback connection to a port nobody listens on can connect to
/// itself when the kernel picks that same port as its source). A port is checked free by binding it; two servers
/// choosing at the same moment would need the same of some twelve thousand ports.
enum FreePort {
    static func loopback() throws -> Int {
        let candidates = lowestPort..<ephemeralRangeStart()
        for _ in 0..<200 {
            let port = Int.random(in: candidates)
            if try isFree(port) { return port }
        }
        throw PostgreSQLServerError("no free loopback port in \(candidates.lowerBound)-\(candidates.upperBound - 1)")
    }

    /// The lowest port chosen: above the registered ports most services use.
    private static let lowestPort = 20_000

    /// The first port of the kernel's ephemeral range (32768 when it cannot be read, Linux's default).
    private static func ephemeralRangeStart() -> Int {
        let range = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
        let first = range?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap { Int($0) }
        return max(first ?? 32_768, lowestPort + 1_000)
    }

    private static func isFree(_ port: Int) throws -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PostgreSQLServerError("cannot open a socket to find a free port") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0
    }
}
