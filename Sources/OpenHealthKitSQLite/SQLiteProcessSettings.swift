import CSQLiteConfiguration

/// SQLite's process-wide settings, for the programs that own their process: `hk`, `healthd` and `ohk-bench` apply
/// them first thing, before any connection. The store itself never does: an app that embeds OpenHealthKit keeps
/// SQLite as it (or another library) set it up.
package enum SQLiteProcessSettings {
    /// Turns off SQLite's allocation statistics, which take a process-wide mutex on every allocation: about 6 % of
    /// an import's writer thread. (GRDB already opens its connections without their own mutex.) Must run before
    /// SQLite is initialized and while no other thread uses SQLite; once SQLite is in use it changes nothing.
    package static func apply() {
        _ = ohk_sqlite_disable_memory_statistics()
    }
}
