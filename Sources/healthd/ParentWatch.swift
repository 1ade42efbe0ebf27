import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Ends healthd once the process that started it is gone, when that process asked for it by setting
/// `OPENHEALTHKIT_EXIT_WITH_PARENT=1` (the tests do): a test process that crashed or was killed leaves no healthd
/// behind. A parent-death signal (`PR_SET_PDEATHSIG`) would not do: it follows the thread that started healthd, and a
/// test starts processes from pool threads that may end long before the test does. So a thread of its own watches
/// `getppid()`, which changes only when the whole parent process is gone.
enum ParentWatch {
    /// The variable that turns the watch on.
    static let variable = "OPENHEALTHKIT_EXIT_WITH_PARENT"

    /// Starts the watch if the environment asks for it: SIGTERM (a graceful shutdown) once the parent is gone, and an
    /// immediate exit if that shutdown has not ended healthd 10 seconds later.
    static func startIfAsked() {
        guard ProcessInfo.processInfo.environment[variable] == "1" else { return }
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { sleep(1) }
            kill(getpid(), SIGTERM)
            sleep(10)
            _exit(1)
        }
    }
}
