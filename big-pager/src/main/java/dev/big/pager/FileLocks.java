package dev.big.pager;

import dev.big.page.StorageException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * The locks one pager handle holds on its database file, and the rules that keep them held.
 *
 * <h2>What is locked</h2>
 * Byte-range locks on ranges no file reaches:
 * <pre>
 *   [0, READER_PINS_START)              the write lock, exclusive
 *   READER_PINS_START + txid (1 byte)   a reader of snapshot txid, shared (a "pin")
 * </pre>
 * A writer reuses the pages freed by commit T only when no pin below T exists
 * ({@link #readerOlderThan}).
 *
 * <h2>The rule</h2>
 * <em>No descriptor that holds a lock is closed while the lock is needed, and no thread interrupt
 * can close one.</em> Both happen silently with the locks Java offers: a {@link FileChannel}
 * closes itself when a thread doing I/O on it is interrupted, and a POSIX record lock (what
 * {@code FileChannel.lock} takes on Linux and macOS) belongs to the process, so closing <em>any</em>
 * descriptor of the file drops every lock the process holds on it. Measured before this class:
 * an interrupted read of a read-only handle let a second process open the file for writing; a
 * refused write open, or a read-only handle closed, unpinned the snapshots of the other handles.
 *
 * <p>So where the kernel has them (Linux), locks are <em>open file description</em> locks
 * ({@link OfdLocks}): owned by one descriptor that only this class opens and closes, through
 * native calls no interrupt reaches. Closing any other descriptor of the file — the handle's I/O
 * channel after an interrupt, a second handle, a backup tool in the same process — drops nothing,
 * and each handle's locks conflict with every other handle's, in this process or another, as
 * they should. They interoperate with the POSIX locks of older big builds and other tools.
 *
 * <p>Elsewhere ({@link ProcessLocks}) the locks are POSIX locks kept in one table per process: a
 * descriptor of a file with any lock held is parked, not closed, until the last lock goes. What
 * that cannot prevent is an interrupt closing a channel mid-I/O; it re-takes the write lock
 * afterwards, but the pins of the process are gone until their readers end. The fallback is
 * chosen where open file description locks are missing, or with {@code -Dbig.locks=posix}.
 *
 * <h2>Pins that cannot be taken</h2>
 * A read never runs unpinned. A pin conflicts only with an exclusive lock over its byte: the
 * probe of a writer of an older build or of the POSIX fallback (held for microseconds), or a lock
 * another tool holds over the whole file. {@link #pin} retries for {@link #PIN_PATIENCE_MILLIS}
 * and then fails with a {@link StorageException} that says so.
 */
sealed interface FileLocks permits OfdLocks, ProcessLocks.Handle {

    /** Where reader pins start: 4 EiB, far beyond any file, below the largest position Java takes. */
    long READER_PINS_START = 1L << 62;

    /** The largest txid a pin can name. */
    long MAX_PINNED_TXID = Long.MAX_VALUE - READER_PINS_START;

    /** How long a read waits for its pin before it fails. */
    long PIN_PATIENCE_MILLIS = 2_000;

    /**
     * The locks of a new handle of {@code path}, opened for {@code mode}: open file description
     * locks where this kernel has them, else the POSIX fallback.
     */
    static FileLocks open(Path path, OpenMode mode) throws IOException {
        String forced = System.getProperty("big.locks", "").toLowerCase(Locale.ROOT);
        if (!forced.equals("posix") && Libc.available()) {
            FileLocks ofd = OfdLocks.open(path, mode);
            if (ofd != null) {
                return ofd;
            }
        }
        if (forced.equals("ofd")) {
            throw new IOException("-Dbig.locks=ofd asks for open file description locks, which are not available here: "
                    + (Libc.available() ? "the kernel has none" : Libc.unavailableReason()));
        }
        return ProcessLocks.handle(path);
    }

    /** Opens this handle's I/O channel: on the very file these locks are on, closed through {@link #closeChannel}. */
    InterruptSafeChannel openChannel(OpenMode mode) throws IOException;

    /** Takes the write lock; throws {@link dev.big.page.DatabaseLockedException} if anyone else holds it. */
    void lockForWriting(InterruptSafeChannel channel) throws IOException;

    /** Pins snapshot {@code txid} without waiting; false if a conflicting lock stands in the way. */
    boolean tryPin(long txid) throws IOException;

    /** Releases one pin of snapshot {@code txid} taken through {@link #tryPin}. */
    void unpin(long txid);

    /**
     * Pins snapshot {@code txid}, retrying while a conflicting lock stands in the way for up to
     * {@link #PIN_PATIENCE_MILLIS}, then failing: a read never runs unpinned.
     */
    default SnapshotPin pin(String file, long txid) {
        if (txid < 0 || txid > MAX_PINNED_TXID) {
            throw new IllegalArgumentException("txid " + txid + " cannot be pinned");
        }
        long deadline = System.nanoTime() + PIN_PATIENCE_MILLIS * 1_000_000;
        long waitNanos = 20_000;
        try {
            while (!tryPin(txid)) {
                if (System.nanoTime() > deadline) {
                    throw new StorageException("could not pin snapshot " + txid + " of " + file + " for reading within "
                            + PIN_PATIENCE_MILLIS + " ms: another process holds an exclusive lock over big's reader"
                            + " range (bytes from 2^62 on). Another tool may be locking the whole file, or a big build"
                            + " from before reader pins writes it; stop or upgrade it, then read again.");
                }
                LockSupport.parkNanos(waitNanos);
                waitNanos = Math.min(waitNanos * 2, 50_000_000);
            }
        } catch (IOException e) {
            throw new StorageException(file, "pinning snapshot " + txid + " (a shared file lock)", e);
        }
        return new SnapshotPin() {
            private boolean closed;

            @Override
            public synchronized void close() {
                if (!closed) {
                    closed = true;
                    unpin(txid);
                }
            }
        };
    }

    /**
     * Whether a reader of another handle or process pinned a snapshot older than {@code txid}.
     * {@code writer} is this handle's channel, holding the write lock.
     */
    boolean readerOlderThan(InterruptSafeChannel writer, long txid) throws IOException;

    /** Closes {@code channel}, a channel of this handle's file, without dropping any lock still needed. */
    void closeChannel(FileChannel channel);

    /** Releases this handle's locks (its write lock and pins). */
    void close();
}
