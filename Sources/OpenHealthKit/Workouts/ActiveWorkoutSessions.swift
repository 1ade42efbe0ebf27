import Foundation

/// The one workout session a process runs at a time, as a watch runs one: a session that is prepared or started
/// supersedes the one running before it, which fails with `errorAnotherWorkoutSessionStarted` and ends.
enum ActiveWorkoutSessions {
    private static let active = Locked(WeakReference<HKWorkoutSession>(nil))

    /// `session` becomes the process's session; the one before it is superseded.
    static func begin(_ session: HKWorkoutSession) {
        let previous = active.withLock { active -> HKWorkoutSession? in
            defer { active = WeakReference(session) }
            return active.object
        }
        if let previous, previous !== session { previous.supersede() }
    }

    /// `session` ended: the process has none running unless another took its place.
    static func end(_ session: HKWorkoutSession) {
        active.withLock { active in
            if active.object === session { active = WeakReference(nil) }
        }
    }

    /// The session running in the process, if any.
    static var current: HKWorkoutSession? {
        active.withLock { $0.object }.flatMap { $0.state == .ended ? nil : $0 }
    }
}
