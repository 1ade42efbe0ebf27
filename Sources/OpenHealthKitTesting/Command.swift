import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command line to its end, for the PostgreSQL tools.
///
/// It waits for the tool's own exit (`waitpid`), not for the end of its output: `pg_ctl start` leaves a server running,
/// which must not keep the caller waiting. ``ChildProcess/spawn(_:environment:streams:)`` gives the tool nothing of
/// the test process but its streams, so a server started here holds none of the test process's sockets or pipes.
enum Command {
    /// Runs `arguments` (the executable first) with `environment`, from `/`; returns its exit status and everything it
    /// printed (stdout and stderr).
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw PostgreSQLServerError("cannot make a pipe") }
        let reader = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true)
        let pid: pid_t
        do {
            defer { close(pipe[1]) }
            // From `/`: the tools run as the postgres user, who may not enter the test's working directory.
            pid = try ChildProcess.spawn(
                ["/usr/bin/env", "-C", "/"] + arguments, environment: environment, streams: [nil, pipe[1], pipe[1]])
        } catch {
            throw PostgreSQLServerError("cannot start \(arguments[0]): \(error)")
        }
        let output = String(decoding: PipeRead.toEnd(reader.fileDescriptor), as: UTF8.self)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (ChildProcess.Termination(waitStatus: status).status, output)
    }
}
