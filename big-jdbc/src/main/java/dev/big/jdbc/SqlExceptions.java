package dev.big.jdbc;

import dev.big.db.InvalidInputException;
import dev.big.db.sql.UnsupportedSqlException;
import dev.big.page.BigException;
import dev.big.page.WriteLockWaitException;
import java.nio.file.Path;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLNonTransientException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;

/**
 * big's exceptions as JDBC's, with a SQLState and the original as the cause:
 * <ul>
 *   <li>SQL outside big's subset or malformed ({@link UnsupportedSqlException}): 42000, a
 *       {@link SQLSyntaxErrorException};
 *   <li>SQL that does not fit the schema or data that does not fit a field
 *       ({@link InvalidInputException}): 22000, a {@link SQLDataException};
 *   <li>a file that cannot be opened (locked, not big, a newer version, corrupt): 08001;
 *   <li>a write to a read-only connection: 25006;
 *   <li>a write that waited for the write lock past the lock timeout or the query timeout: HYT00,
 *       a {@link SQLTimeoutException}; one whose wait was cancelled ({@code Statement.cancel},
 *       {@code Connection.abort}, {@code close}) or interrupted: 57014;
 *   <li>a transaction in a state that refuses the call (one that failed half-way): 25000;
 *   <li>anything else big reports: HY000, or XX001 for corruption.
 * </ul>
 */
final class SqlExceptions {

    static SQLException of(RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return switch (e) {
            case UnsupportedSqlException unsupported -> new SQLSyntaxErrorException(message, "42000", unsupported);
            case InvalidInputException invalid -> new SQLDataException(message, "22000", invalid);
            case dev.big.page.CorruptPageException corrupt -> new SQLNonTransientException(message, "XX001", corrupt);
            case dev.big.page.DatabaseFailedException failed -> new SQLNonTransientException(message, "HY000", failed);
            case WriteLockWaitException wait -> switch (wait.reason()) {
                case TIMED_OUT -> new SQLTimeoutException(message, "HYT00", wait);
                case CANCELLED, INTERRUPTED -> new SQLTransientException(message, "57014", wait);
            };
            case BigException big -> new SQLException(message, "HY000", big);
            case IllegalArgumentException argument -> new SQLDataException(message, "22000", argument);
            case IllegalStateException state -> new SQLException(message, "25000", state);
            default -> new SQLException(message, "HY000", e);
        };
    }

    static SQLException onOpen(Path file, BigException e) {
        return new SQLNonTransientConnectionException("cannot open " + file + ": " + e.getMessage(), "08001", e);
    }

    static SQLException readOnly(String what) {
        return new SQLNonTransientException("this connection is read-only (jdbc:big:...?readonly=true): " + what
                + " is refused; connect without readonly=true to write", "25006");
    }

    static SQLException closed(String what) {
        return new SQLNonTransientConnectionException("this " + what + " is closed", "08003");
    }

    static SQLException busy(String why) {
        return new SQLTransientException(why, "40001");
    }

    /** A JDBC method big does not implement, named with what to do instead. */
    static SQLFeatureNotSupportedException unsupported(String method, String instead) {
        return new SQLFeatureNotSupportedException(method + " is not supported by big's JDBC driver"
                + (instead == null ? "" : "; " + instead), "0A000");
    }

    private SqlExceptions() {}
}
