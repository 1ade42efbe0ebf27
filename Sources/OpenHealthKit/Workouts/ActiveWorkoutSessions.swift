import Foundation

/// The one workout session an app runs at a time on a store, as a watch runs one: a session that is prepared or
/// started supersedes the one running before it in the same scope (``HKHealthStore/workoutSessionScope``), which
/// fails with `errorAnotherWorkoutSessionStarted` and ends.
enum ActiveWorkoutSessions {
    private static let active = Locked<[String: WeakReference<HKWorkoutSession>]>([:])

    /// `session` becomes the one of `scope`; the one before it is superseded.
    static func begin(_ session: HKWorkoutSession, in scope: String) {
        let previous = active.withLock { active -> HKWorkoutSession? in
            defer { active[scope] = WeakReference(session) }
            return active[scope]?.object
        }
        if let previous, previous !== session { previous.supersede() }
    }

    /// `session` ended: its scope has none running unless another took its place.
    static func end(_ session: HKWorkoutSession, in scope: String) {
        active.withLock { active in
            if active[scope]?.object === session { active[scope] = nil }
        }
    }

    /// The session running in `scope`, if any.
    static func current(in scope: String) -> HKWorkoutSession? {
        active.withLock { $0[scope]?.object }.flatMap { $0.state == .ended ? nil : $0 }
    }
}
