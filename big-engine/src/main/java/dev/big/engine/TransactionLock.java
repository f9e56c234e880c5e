package dev.big.engine;

import dev.big.page.WriteLockWaitException;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * A store's write lock: held by one write transaction at a time, whichever thread it runs on.
 * {@link #acquire} hands out a {@link Hold} that the transaction keeps; only that hold releases
 * the lock, from any thread, once. So a transaction begun on one thread and committed or rolled
 * back on another (a connection pool, an async framework, a JDBC {@code abort}) lets the next
 * writer in, which a thread-owned lock would not.
 *
 * <p>Waiters are served first come, first served. Every wait is bounded by its {@link LockWait}'s
 * timeout, ends when that wait is cancelled or the waiting thread is interrupted, and then says
 * what holds the lock.
 */
final class TransactionLock {

    /** Who holds the lock: the thread that took it and when, for the messages of those who wait. */
    static final class Hold {
        private final String thread;
        private final long sinceNanos = System.nanoTime();

        private Hold(String thread) {
            this.thread = thread;
        }

        String describe() {
            long seconds = Duration.ofNanos(System.nanoTime() - sinceNanos).toSeconds();
            return "a write transaction begun on thread '" + thread + "' " + (seconds < 1 ? "less than a second"
                    : seconds + " s") + " ago";
        }
    }

    private final String file;
    private final ArrayDeque<LockWait> queue = new ArrayDeque<>();
    private Hold holder;

    TransactionLock(String file) {
        this.file = file;
    }

    /** Takes the lock for a new write transaction, waiting in turn as {@code wait} allows. */
    Hold acquire(LockWait wait) {
        long start = System.nanoTime();
        long timeout = wait.timeoutNanos();
        synchronized (this) {
            queue.addLast(wait);
            wait.waitingOn(this);
            try {
                while (holder != null || queue.peekFirst() != wait) {
                    if (wait.isCancelled()) {
                        throw refused(WriteLockWaitException.Reason.CANCELLED, "the wait was cancelled");
                    }
                    long left = timeout == Long.MAX_VALUE ? Long.MAX_VALUE : timeout - (System.nanoTime() - start);
                    if (left <= 0) {
                        throw refused(WriteLockWaitException.Reason.TIMED_OUT, "gave up after "
                                + describe(wait.timeout()));
                    }
                    try {
                        wait(Math.max(1, Math.min(left / 1_000_000, Long.MAX_VALUE / 2)));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw refused(WriteLockWaitException.Reason.INTERRUPTED, "the waiting thread was interrupted");
                    }
                }
                if (wait.isCancelled()) {
                    throw new WriteLockWaitException(WriteLockWaitException.Reason.CANCELLED, "the wait for the write"
                            + " lock of " + file + " was cancelled; nothing was written");
                }
                holder = new Hold(Thread.currentThread().getName());
                return holder;
            } finally {
                wait.waitingOn(null);
                queue.remove(wait);
                notifyAll(); // the next in line may be first now
            }
        }
    }

    /** Releases the lock if {@code hold} holds it; false if it had been released already. */
    synchronized boolean release(Hold hold) {
        if (holder != hold) {
            return false;
        }
        holder = null;
        notifyAll();
        return true;
    }

    /** Whether a write transaction holds the lock. */
    synchronized boolean isHeld() {
        return holder != null;
    }

    /** Wakes the waiters so that a cancelled one notices. */
    synchronized void wake() {
        notifyAll();
    }

    private WriteLockWaitException refused(WriteLockWaitException.Reason reason, String why) {
        String held = holder == null ? "writers queued before this one" : holder.describe();
        boolean here = holder != null && holder.thread.equals(Thread.currentThread().getName());
        return new WriteLockWaitException(reason, "no write on " + file + ": " + why + " waiting for its write lock,"
                + " held by " + held + (here ? " (this very thread: a transaction it still holds open, perhaps through"
                + " another connection or handle, can never end while it waits)" : "") + ". Nothing was written;"
                + " commit or roll back the transaction that holds the lock"
                + (reason == WriteLockWaitException.Reason.TIMED_OUT ? ", or wait longer (the lock timeout)" : "") + ".");
    }

    private static String describe(Duration timeout) {
        return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }
}
