package dev.big.pager;

import dev.big.page.DatabaseLockedException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The file locks this process holds on database files: the write lock, and the pins of readers'
 * snapshots. One place, because of how such locks behave.
 *
 * <p>Both are POSIX record locks (what {@link FileChannel#tryLock} takes on Linux) on byte ranges
 * no file reaches:
 * <pre>
 *   [0, READER_PINS_START)              the write lock, exclusive
 *   READER_PINS_START + txid (1 byte)   a reader of snapshot txid, shared
 * </pre>
 * A writer asks whether a reader elsewhere holds a snapshot older than T by trying to lock
 * {@code [READER_PINS_START, READER_PINS_START + T)} exclusively for a moment.
 *
 * <p>A POSIX lock belongs to the process, not to the channel: closing <em>any</em> descriptor of
 * the file drops every lock the process holds on it. A read-only handle opened and closed, or a
 * refused second open, would silently hand the file to another process's writer, or unpin a
 * snapshot another handle still reads. So, within this process: a second writer of a locked file
 * is refused before it opens a channel, and a channel of a file with any lock held is not closed
 * but parked until the last lock goes. Java also refuses overlapping locks within one JVM, so pins
 * of one snapshot by several handles share one lock, counted here. Files are told apart by their
 * file key (device and inode), whatever path names them.
 *
 * <p>Every method synchronises on this class, so checking, locking and recording are one step.
 */
final class ProcessLocks {

    /** Where reader pins start: 4 EiB, far beyond any file, below the largest position Java takes. */
    static final long READER_PINS_START = 1L << 62;

    /** How long a reader waits for the byte of its pin before it goes on without one. */
    private static final long PIN_PATIENCE_NANOS = 100_000_000L;
    private static final long PROBE_WAIT_NANOS = 50_000L;

    /** The largest txid a pin can name. */
    static final long MAX_PINNED_TXID = Long.MAX_VALUE - READER_PINS_START;

    private static final class Pin {
        final FileLock lock;
        int holders = 1;

        Pin(FileLock lock) {
            this.lock = lock;
        }
    }

    /** What this process holds on one file. */
    private static final class Held {
        boolean writer;
        final TreeMap<Long, Pin> pins = new TreeMap<>();
        final List<FileChannel> parked = new ArrayList<>();

        boolean anyLock() {
            return writer || !pins.isEmpty();
        }
    }

    @FunctionalInterface
    interface Locking {
        InterruptSafeChannel lock() throws IOException;
    }

    private static final Map<Object, Held> HELD = new HashMap<>();

    /**
     * Refuses {@code path} if this process already has it open for writing; otherwise runs
     * {@code locking} (which opens the channel and takes the write lock) and records the lock.
     */
    static synchronized InterruptSafeChannel lockForWriting(Path path, Locking locking) throws IOException {
        Object existing = fileKey(path);
        if (existing != null && HELD.containsKey(existing) && HELD.get(existing).writer) {
            throw DatabaseLockedException.inThisProcess(path.toString());
        }
        InterruptSafeChannel locked = locking.lock();
        HELD.computeIfAbsent(locked.fileKey(), key -> new Held()).writer = true;
        return locked;
    }

    /** The write lock's range: everything below the reader pins. */
    static FileLock tryWriteLock(FileChannel channel) throws IOException {
        return channel.tryLock(0, READER_PINS_START, false);
    }

    /** Releases the write lock of {@code fileKey} and closes (or parks) the writer's channel. */
    static synchronized void unlockWriter(Object fileKey, FileLock lock, FileChannel channel) {
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
        } catch (IOException ignored) {
            // Closing the channel releases the lock anyway.
        }
        Held held = HELD.get(fileKey);
        if (held != null) {
            held.writer = false;
        }
        close(fileKey, channel);
    }

    /** Pins snapshot {@code txid} of the file for other processes' writers (shared lock, waits out a probe). */
    static synchronized SnapshotPin pin(Object fileKey, InterruptSafeChannel channel, long txid) throws IOException {
        if (txid < 0 || txid > MAX_PINNED_TXID) {
            throw new IllegalArgumentException("txid " + txid + " cannot be pinned");
        }
        Held held = HELD.computeIfAbsent(fileKey, key -> new Held());
        Pin pin = held.pins.get(txid);
        if (pin != null) {
            pin.holders++;
            return () -> unpin(fileKey, txid);
        }
        FileLock lock;
        try {
            lock = sharedLockWaitingOutProbes(channel, READER_PINS_START + txid);
        } finally {
            if (!held.anyLock() && held.parked.isEmpty()) {
                HELD.remove(fileKey);
            }
        }
        if (lock == null) {
            return SnapshotPin.NONE;
        }
        held.pins.put(txid, new Pin(lock));
        return () -> unpin(fileKey, txid);
    }

    /**
     * A shared lock on the byte at {@code position}. A writer's probe holds it for microseconds, so
     * the lock is retried for a while; a lock held longer is another process's lock over the whole
     * file (an older big's writer, or another tool), whose writer does not look for pins anyway:
     * then the reader goes on without one (null), as readers did before pins existed.
     */
    private static FileLock sharedLockWaitingOutProbes(InterruptSafeChannel channel, long position) throws IOException {
        long deadline = System.nanoTime() + PIN_PATIENCE_NANOS;
        while (true) {
            FileLock lock;
            try {
                lock = channel.tryLock(position, 1, true);
            } catch (OverlappingFileLockException e) {
                return null; // a lock of this JVM not taken through here: the same, held by a foreign tool
            }
            if (lock != null || System.nanoTime() > deadline) {
                return lock;
            }
            LockSupport.parkNanos(PROBE_WAIT_NANOS);
        }
    }

    private static synchronized void unpin(Object fileKey, long txid) {
        Held held = HELD.get(fileKey);
        Pin pin = held == null ? null : held.pins.get(txid);
        if (pin == null || --pin.holders > 0) {
            return;
        }
        held.pins.remove(txid);
        try {
            if (pin.lock.isValid()) {
                pin.lock.release();
            }
        } catch (IOException ignored) {
            // The channel is closing, which releases the lock.
        }
        closeParkedIfUnlocked(fileKey, held);
    }

    /**
     * Whether a reader of the file, in this process or another, pinned a snapshot older than
     * {@code txid}. {@code writer} is the writer's channel, which can take the exclusive probe.
     */
    static synchronized boolean readerOlderThan(Object fileKey, InterruptSafeChannel writer, long txid) throws IOException {
        if (txid <= 0) {
            return false;
        }
        Held held = HELD.get(fileKey);
        if (held != null && !held.pins.headMap(txid, false).isEmpty()) {
            return true;
        }
        FileLock probe;
        try {
            probe = writer.tryLock(READER_PINS_START, Math.min(txid, MAX_PINNED_TXID), false);
        } catch (OverlappingFileLockException e) {
            return true; // another channel in this JVM holds a pin in the range
        }
        if (probe == null) {
            return true;
        }
        probe.release();
        return false;
    }

    /** Closes a channel, or parks it while this process holds a lock on its file. */
    static synchronized void close(Object fileKey, FileChannel channel) {
        Held held = fileKey == null ? null : HELD.get(fileKey);
        if (held != null && held.anyLock()) {
            held.parked.add(channel);
            return;
        }
        closeQuietly(channel);
        if (held != null) {
            closeParkedIfUnlocked(fileKey, held);
        }
    }

    private static void closeParkedIfUnlocked(Object fileKey, Held held) {
        if (held.anyLock()) {
            return;
        }
        HELD.remove(fileKey);
        held.parked.forEach(ProcessLocks::closeQuietly);
    }

    /** The file key of {@code path} (device and inode on Linux), or null if it does not exist. */
    static Object fileKey(Path path) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            return attributes.fileKey() != null ? attributes.fileKey() : path.toRealPath();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing was written through this channel that a sync did not already make durable.
        }
    }

    private ProcessLocks() {}
}
