#ifndef C_SQLITE_CONFIGURATION_H
#define C_SQLITE_CONFIGURATION_H

/// Puts SQLite in multi-thread mode (no mutex per connection: GRDB never uses a connection from two threads at once)
/// and turns off its memory statistics (a process-wide mutex per allocation). `sqlite3_config` is variadic, which
/// Swift cannot call, hence this C function. Must run before SQLite is initialized (before the first connection);
/// returns SQLite's result code (`SQLITE_MISUSE` when it is too late, which leaves SQLite as it was).
int ohk_sqlite_configure_for_serialized_connections(void);

#endif
