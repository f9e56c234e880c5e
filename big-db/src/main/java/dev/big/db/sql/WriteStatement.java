package dev.big.db.sql;

import java.util.List;

/**
 * A compiled INSERT, UPDATE or DELETE, before it meets the schema: the table, the columns and
 * the literals (or parameters) written. {@link WriteRunner} binds and runs it in a transaction.
 */
sealed interface WriteStatement {

    /** The table as written. */
    String table();

    /**
     * {@code INSERT INTO t [(columns)] VALUES (...), ...}: {@code columns} null when the
     * statement lists none (then each row gives the id and every field, in schema order).
     */
    record Insert(String table, List<ColumnRef> columns, List<List<Literal>> rows, String sql) implements WriteStatement {
        public Insert {
            columns = columns == null ? null : List.copyOf(columns);
            rows = List.copyOf(rows);
        }
    }

    /** {@code UPDATE t SET f = literal, ... [WHERE p]}; {@code where} null for every record. */
    record Update(String table, List<Assignment> assignments, Predicate where, String sql) implements WriteStatement {
        public Update {
            assignments = List.copyOf(assignments);
        }
    }

    /** {@code DELETE FROM t [WHERE p]}; {@code where} null for every record. */
    record Delete(String table, Predicate where, String sql) implements WriteStatement {}

    /** {@code column = literal} of an UPDATE. */
    record Assignment(ColumnRef column, Literal value, String sql) {}
}
