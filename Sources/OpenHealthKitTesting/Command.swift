import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command line to its end with `posix_spawn` and `waitpid`, for the PostgreSQL tools.
///
/// Not Foundation's `Process`: it learns that a child exited when a socket the child inherits closes, and
/// `pg_ctl start` leaves a server running that would inherit it too, so `waitUntilExit` would wait for the server.
/// And since other threads of a test process spawn processes meanwhile (healthd, hk), whose descriptors a child
/// could inherit in turn, the command runs under `bash`, which first closes every descriptor above stderr: a server
/// started here holds none of the test process's sockets or pipes.
enum Command {
    /// Runs `arguments` (the executable first) with `environment`, from `/`; returns its exit status and everything it
    /// printed (stdout and stderr).
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw PostgreSQLServerError("cannot make a pipe") }
        for descriptor in pipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with the default signal dispositions and nothing blocked, whatever this process set.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // No redirection on the loop: an `exec` inside a redirected loop makes the redirection stay, and the tool's
        // stderr (psql's "ERROR: ...") would go to /dev/null. Closing a descriptor that is not open is silent.
        let script = """
            cd / || exit 1
            for descriptor in /proc/$$/fd/*; do
                number=${descriptor##*/}
                if [ "$number" -gt 2 ]; then eval "exec $number>&-"; fi
            done
            exec "$@"
            """
        let line = ["/bin/bash", "-c", script, "bash"] + arguments
        let argv = line.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = ProcessStart.serialized { posix_spawn(&pid, line[0], &actions, &attributes, argv, envp) }
        close(pipe[1])
        let reader = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true)
        guard spawned == 0 else { throw PostgreSQLServerError("cannot start \(arguments[0]): error \(spawned)") }
        let output = String(decoding: PipeRead.toEnd(reader.fileDescriptor), as: UTF8.self)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Exited normally: its code; killed by a signal: 128 + the signal, as shells say.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (code, output)
    }
}
