import CoreFoundation  // where Swift finds the C `sysconf` constants in a release build
import Foundation

/// CPU time of other processes, from /proc (Linux).
enum ProcessCPU {
    /// CPU time the process has used so far (user and system), in seconds; with `children`, also that of its
    /// children that ended and were waited for, and of those running now (a PostgreSQL server's backends).
    static func seconds(_ pid: Int32, children: Bool = false) -> Double {
        guard let fields = fields(pid), fields.count > 14,
            let user = Double(fields[11]), let system = Double(fields[12])
        else { return .nan }
        guard children else { return (user + system) / ticks }
        let waited = (Double(fields[13]) ?? 0) + (Double(fields[14]) ?? 0)
        let running = childPIDs(of: pid).reduce(0.0) { total, child in
            guard let fields = self.fields(child), fields.count > 12 else { return total }
            return total + (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        }
        return (user + system + waited) / ticks + running / ticks
    }

    private static var ticks: Double { Double(sysconf(Int32(_SC_CLK_TCK))) }

    /// The fields of /proc/PID/stat after the command name: state is the first (field 3 of the file); utime, stime,
    /// cutime and cstime are the 12th to 15th (fields 14 to 17).
    private static func fields(_ pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: end)...].split(separator: " ")
    }

    private static func childPIDs(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { candidate in
            guard let fields = fields(candidate), fields.count > 1 else { return false }
            return Int32(fields[1]) == pid  // the parent's pid is field 4 of the file
        }
    }
}
