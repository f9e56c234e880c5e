package dev.big.page;

/**
 * A wait for a database's write lock that ended without it: the lock stayed held past the
 * timeout, the wait was cancelled (a JDBC {@code Statement.cancel} or {@code Connection.abort}),
 * or the waiting thread was interrupted (its interrupt status is kept). Nothing was written; the
 * message names what holds the lock.
 */
public final class WriteLockWaitException extends BigException {

    /** Why the wait ended. */
    public enum Reason {
        /** The lock stayed held for the whole timeout. */
        TIMED_OUT,
        /** The wait was cancelled by another thread. */
        CANCELLED,
        /** The waiting thread was interrupted. */
        INTERRUPTED
    }

    private final Reason reason;

    public WriteLockWaitException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
