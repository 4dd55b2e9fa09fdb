// Debian's libpq-dev puts its headers in /usr/include/postgresql; libpq-fe.h finds its siblings
// there by quoted includes.
#include <postgresql/libpq-fe.h>

// The diagnostic field codes are character macros (PG_DIAG_SQLSTATE is 'C'), which Swift does
// not import.
static const int braid_pg_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int braid_pg_diag_constraint_name = PG_DIAG_CONSTRAINT_NAME;
static const int braid_pg_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;
