package dev.big.db.sql;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The answer to one SQL statement, read row by row as it goes: a listing reads its records a page
 * of ids at a time (so {@code SELECT *} of millions of records runs in bounded memory), other
 * answers are small and come whole. Rows and values are as in {@link SqlResult}. Close it when
 * done: a cursor from {@code Db.query} holds a snapshot open until then (pages it can see are not
 * reused). A cursor belongs to one thread at a time.
 */
public final class SqlCursor implements Iterator<List<Object>>, AutoCloseable {

    private final List<String> columns;
    private final List<ColumnType> types;
    private final Iterator<List<Object>> rows;
    private final AutoCloseable onClose;
    private boolean closed;

    SqlCursor(List<String> columns, List<ColumnType> types, Iterator<List<Object>> rows, AutoCloseable onClose) {
        this.columns = List.copyOf(columns);
        this.types = List.copyOf(types);
        this.rows = rows;
        this.onClose = onClose;
    }

    /** A cursor over the rows of {@code result}. */
    public static SqlCursor of(SqlResult result) {
        return new SqlCursor(result.columns(), result.types(),
                result.rows().iterator(), null);
    }

    /** This cursor, closing {@code also} after what it closes already. */
    public SqlCursor closing(AutoCloseable also) {
        AutoCloseable first = onClose;
        return new SqlCursor(columns, types, rows, () -> {
            try {
                if (first != null) {
                    first.close();
                }
            } finally {
                also.close();
            }
        });
    }

    /** The column names. */
    public List<String> columns() {
        return columns;
    }

    /** The type of each column ({@link ColumnType}). */
    public List<ColumnType> types() {
        return types;
    }

    @Override
    public boolean hasNext() {
        return !closed && rows.hasNext();
    }

    @Override
    public List<Object> next() {
        if (!hasNext()) {
            throw new NoSuchElementException(closed ? "the cursor is closed" : "no more rows");
        }
        return rows.next();
    }

    /** Reads the remaining rows into a {@link SqlResult} and closes the cursor. */
    public SqlResult collect() {
        try (this) {
            List<List<Object>> all = new ArrayList<>();
            while (hasNext()) {
                all.add(next());
            }
            return new SqlResult(columns, all, types);
        }
    }

    /** Ends the cursor and lets go of what it holds (its snapshot, for one from {@code Db.query}). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (onClose != null) {
            try {
                onClose.close();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("closing a cursor failed", e);
            }
        }
    }
}
