#include <sqlite3.h>
#include "CSQLiteConfiguration.h"

int ohk_sqlite_configure_for_serialized_connections(void) {
    int result = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    if (result != SQLITE_OK) return result;
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
