// SQLite 3's functions that fontd calls, each opening libsqlite3.so.0 on its first call (LazyLibrary.h).
#pragma GCC visibility push(hidden)
#include <sqlite3.h>
#include <stdarg.h>
#include "LazyLibrary.h"

static fontd_lazy_library sqlite = {"libsqlite3.so.0", "libsqlite3-0", NULL};

FONTD_FORWARD(sqlite, void *, sqlite3_aggregate_context, sqlite3_context *, int)
FONTD_FORWARD(sqlite, int, sqlite3_backup_finish, sqlite3_backup *)
FONTD_FORWARD(sqlite, sqlite3_backup *, sqlite3_backup_init, sqlite3 *, const char *, sqlite3 *, const char *)
FONTD_FORWARD(sqlite, int, sqlite3_backup_pagecount, sqlite3_backup *)
FONTD_FORWARD(sqlite, int, sqlite3_backup_remaining, sqlite3_backup *)
FONTD_FORWARD(sqlite, int, sqlite3_backup_step, sqlite3_backup *, int)
FONTD_FORWARD(sqlite, int, sqlite3_bind_blob, sqlite3_stmt *, int, const void *, int, void (*)(void *))
FONTD_FORWARD(sqlite, int, sqlite3_bind_double, sqlite3_stmt *, int, double)
FONTD_FORWARD(sqlite, int, sqlite3_bind_int64, sqlite3_stmt *, int, sqlite3_int64)
FONTD_FORWARD(sqlite, int, sqlite3_bind_null, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, int, sqlite3_bind_parameter_count, sqlite3_stmt *)
FONTD_FORWARD(sqlite, const char *, sqlite3_bind_parameter_name, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, int, sqlite3_bind_pointer, sqlite3_stmt *, int, void *, const char *, void (*)(void *))
FONTD_FORWARD(sqlite, int, sqlite3_bind_text, sqlite3_stmt *, int, const char *, int, void (*)(void *))
FONTD_FORWARD(sqlite, int, sqlite3_busy_handler, sqlite3 *, int (*)(void *, int), void *)
FONTD_FORWARD(sqlite, int, sqlite3_busy_timeout, sqlite3 *, int)
FONTD_FORWARD(sqlite, int, sqlite3_changes, sqlite3 *)
FONTD_FORWARD(sqlite, int, sqlite3_clear_bindings, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_close, sqlite3 *)
FONTD_FORWARD(sqlite, int, sqlite3_close_v2, sqlite3 *)
FONTD_FORWARD(sqlite, const void *, sqlite3_column_blob, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, int, sqlite3_column_bytes, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, int, sqlite3_column_count, sqlite3_stmt *)
FONTD_FORWARD(sqlite, double, sqlite3_column_double, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, sqlite3_int64, sqlite3_column_int64, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, const char *, sqlite3_column_name, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, const unsigned char *, sqlite3_column_text, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, int, sqlite3_column_type, sqlite3_stmt *, int)
FONTD_FORWARD(sqlite, void *, sqlite3_commit_hook, sqlite3 *, int (*)(void *), void *)
FONTD_FORWARD(sqlite, int, sqlite3_create_collation_v2,
    sqlite3 *,
    const char *,
    int,
    void *,
    int (*)(void *, int, const void *, int, const void *),
    void (*)(void *))
FONTD_FORWARD(sqlite, int, sqlite3_create_function_v2,
    sqlite3 *,
    const char *,
    int,
    int,
    void *,
    void (*)(sqlite3_context *, int, sqlite3_value **),
    void (*)(sqlite3_context *, int, sqlite3_value **),
    void (*)(sqlite3_context *),
    void (*)(void *))
FONTD_FORWARD(sqlite, sqlite3 *, sqlite3_db_handle, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_db_release_memory, sqlite3 *)
FONTD_FORWARD(sqlite, int, sqlite3_errcode, sqlite3 *)
FONTD_FORWARD(sqlite, const char *, sqlite3_errmsg, sqlite3 *)
FONTD_FORWARD(sqlite, const char *, sqlite3_errstr, int)
FONTD_FORWARD(sqlite, char *, sqlite3_expanded_sql, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_extended_result_codes, sqlite3 *, int)
FONTD_FORWARD(sqlite, int, sqlite3_finalize, sqlite3_stmt *)
FONTD_FORWARD_VOID(sqlite, sqlite3_free, void *)
FONTD_FORWARD(sqlite, int, sqlite3_get_autocommit, sqlite3 *)
FONTD_FORWARD_VOID(sqlite, sqlite3_interrupt, sqlite3 *)
FONTD_FORWARD(sqlite, sqlite3_int64, sqlite3_last_insert_rowid, sqlite3 *)
FONTD_FORWARD_NO_PARAMETERS(sqlite, int, sqlite3_libversion_number)
FONTD_FORWARD(sqlite, int, sqlite3_limit, sqlite3 *, int, int)
FONTD_FORWARD(sqlite, sqlite3_stmt *, sqlite3_next_stmt, sqlite3 *, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_open_v2, const char *, sqlite3 **, int, const char *)
FONTD_FORWARD(sqlite, int, sqlite3_prepare_v2, sqlite3 *, const char *, int, sqlite3_stmt **, const char **)
FONTD_FORWARD(sqlite, int, sqlite3_prepare_v3,
    sqlite3 *,
    const char *,
    int,
    unsigned int,
    sqlite3_stmt **,
    const char **)
FONTD_FORWARD(sqlite, int, sqlite3_reset, sqlite3_stmt *)
FONTD_FORWARD_VOID(sqlite, sqlite3_result_blob, sqlite3_context *, const void *, int, void (*)(void *))
FONTD_FORWARD_VOID(sqlite, sqlite3_result_double, sqlite3_context *, double)
FONTD_FORWARD_VOID(sqlite, sqlite3_result_error, sqlite3_context *, const char *, int)
FONTD_FORWARD_VOID(sqlite, sqlite3_result_error_code, sqlite3_context *, int)
FONTD_FORWARD_VOID(sqlite, sqlite3_result_int64, sqlite3_context *, sqlite3_int64)
FONTD_FORWARD_VOID(sqlite, sqlite3_result_null, sqlite3_context *)
FONTD_FORWARD_VOID(sqlite, sqlite3_result_text, sqlite3_context *, const char *, int, void (*)(void *))
FONTD_FORWARD(sqlite, void *, sqlite3_rollback_hook, sqlite3 *, void (*)(void *), void *)
FONTD_FORWARD(sqlite, int, sqlite3_set_authorizer,
    sqlite3 *,
    int (*)(void *, int, const char *, const char *, const char *, const char *),
    void *)
FONTD_FORWARD(sqlite, const char *, sqlite3_sql, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_step, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_stmt_busy, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_stmt_readonly, sqlite3_stmt *)
FONTD_FORWARD(sqlite, int, sqlite3_stricmp, const char *, const char *)
FONTD_FORWARD(sqlite, int, sqlite3_system_errno, sqlite3 *)
FONTD_FORWARD(sqlite, int, sqlite3_total_changes, sqlite3 *)
FONTD_FORWARD(sqlite, int, sqlite3_trace_v2,
    sqlite3 *,
    unsigned int,
    int (*)(unsigned int, void *, void *, void *),
    void *)
FONTD_FORWARD(sqlite, void *, sqlite3_update_hook,
    sqlite3 *,
    void (*)(void *, int, const char *, const char *, sqlite3_int64),
    void *)
FONTD_FORWARD(sqlite, void *, sqlite3_user_data, sqlite3_context *)
FONTD_FORWARD(sqlite, const void *, sqlite3_value_blob, sqlite3_value *)
FONTD_FORWARD(sqlite, int, sqlite3_value_bytes, sqlite3_value *)
FONTD_FORWARD(sqlite, double, sqlite3_value_double, sqlite3_value *)
FONTD_FORWARD(sqlite, sqlite3_int64, sqlite3_value_int64, sqlite3_value *)
FONTD_FORWARD(sqlite, const unsigned char *, sqlite3_value_text, sqlite3_value *)
FONTD_FORWARD(sqlite, int, sqlite3_value_type, sqlite3_value *)
FONTD_FORWARD(sqlite, int, sqlite3_wal_checkpoint_v2, sqlite3 *, const char *, int, int *, int *)

// Variadic: a function cannot hand its `...` on, so these two take the arguments of the options GRDB uses
// (GRDBSQLite's shim.h) and forward them; any other option is refused as SQLite refuses a misuse.

/// sqlite3_config(SQLITE_CONFIG_LOG, callback, context): the one option GRDB sets.
int sqlite3_config(int option, ...) {
    if (option != SQLITE_CONFIG_LOG) return SQLITE_MISUSE;
    va_list arguments;
    va_start(arguments, option);
    void (*callback)(void *, int, const char *) = va_arg(arguments, void (*)(void *, int, const char *));
    void *context = va_arg(arguments, void *);
    va_end(arguments);
    FONTD_LAZY_RESOLVED(sqlite, sqlite3_config)
    return function(option, callback, context);
}

/// sqlite3_db_config(db, option, int, int *): every option but the two that take other arguments
/// (SQLITE_DBCONFIG_MAINDBNAME, SQLITE_DBCONFIG_LOOKASIDE); GRDB sets SQLITE_DBCONFIG_DQS_DDL and _DML.
int sqlite3_db_config(sqlite3 *db, int option, ...) {
    if (option == SQLITE_DBCONFIG_MAINDBNAME || option == SQLITE_DBCONFIG_LOOKASIDE) return SQLITE_MISUSE;
    va_list arguments;
    va_start(arguments, option);
    int value = va_arg(arguments, int);
    int *result = va_arg(arguments, int *);
    va_end(arguments);
    FONTD_LAZY_RESOLVED(sqlite, sqlite3_db_config)
    return function(db, option, value, result);
}

#pragma GCC visibility pop
