package dev.big.engine;

import java.time.Duration;
import java.util.Objects;

/**
 * How long one {@link Store#beginWrite(LockWait)} may wait for the write lock, and a way for
 * another thread to end that wait early ({@link #cancel()}): what a JDBC statement's query
 * timeout and its {@code cancel} map onto. A wait that ends without the lock throws
 * {@link dev.big.page.WriteLockWaitException}; so does an interrupt of the waiting thread.
 */
public final class LockWait {

    private final Duration timeout;
    private volatile boolean cancelled;
    /** The lock this wait is queued on, to wake it when cancelled; null before and after. */
    private volatile TransactionLock waitingOn;

    private LockWait(Duration timeout) {
        this.timeout = timeout;
    }

    /** A wait of at most {@code timeout} ({@link Duration#ZERO}: take the lock only if it is free). */
    public static LockWait upTo(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("a lock timeout is not negative: " + timeout);
        }
        return new LockWait(timeout);
    }

    /** The longest this wait lasts. */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Ends the wait, now or, if it has not begun, as soon as it would: the waiting call throws a
     * {@link dev.big.page.WriteLockWaitException} with reason {@code CANCELLED}. A wait that has
     * taken the lock already is not affected.
     */
    public void cancel() {
        cancelled = true;
        TransactionLock lock = waitingOn;
        if (lock != null) {
            lock.wake();
        }
    }

    public boolean isCancelled() {
        return cancelled;
    }

    long timeoutNanos() {
        return timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
    }

    void waitingOn(TransactionLock lock) {
        this.waitingOn = lock;
    }
}
