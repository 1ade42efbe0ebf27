import CSQLiteConfiguration

/// SQLite's process-wide settings, applied once, before this process opens its first connection.
///
/// GRDB uses each connection from one serial queue at a time, so SQLite's per-connection mutex (taken by every bind,
/// step and reset in the default serialized mode) and its allocation statistics only cost time: about 6 % of an
/// import's writer thread. When another library opened a connection first, SQLite keeps its defaults.
enum SQLiteProcessConfiguration {
    static let applied: Void = { _ = ohk_sqlite_configure_for_serialized_connections() }()
}
