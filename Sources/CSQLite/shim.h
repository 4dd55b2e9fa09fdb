#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: SQLite copies the bound bytes.
static inline void (*braid_sqlite_transient(void))(void *) { return (void (*)(void *))-1; }
