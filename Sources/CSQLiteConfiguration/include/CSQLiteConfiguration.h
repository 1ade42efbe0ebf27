#ifndef C_SQLITE_CONFIGURATION_H
#define C_SQLITE_CONFIGURATION_H

/// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`), which take a process-wide mutex on every
/// allocation. `sqlite3_config` is variadic, which Swift cannot call, hence this C function. Must run before SQLite is
/// initialized; returns SQLite's result code (`SQLITE_MISUSE` when it is too late, which leaves SQLite as it was).
int ohk_sqlite_disable_memory_statistics(void);

#endif
