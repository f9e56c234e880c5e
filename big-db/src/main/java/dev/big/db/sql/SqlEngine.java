package dev.big.db.sql;

import dev.big.db.Snapshot;

/** Runs the supported SQL subset on a snapshot. */
public final class SqlEngine {

    /** Parses, plans and runs {@code sql} on {@code snapshot}. */
    public static SqlResult execute(Snapshot snapshot, String sql) {
        throw new UnsupportedSqlException("SQL is not available in this build yet: " + sql);
    }

    private SqlEngine() {}
}
