package dev.big.pager;

import dev.big.page.DatabaseLockedException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * The database file's channel, made safe against thread interrupts. A {@link FileChannel} closes
 * itself when a thread doing I/O on it is interrupted, which would take the database down for
 * every thread because one of them was interrupted. Here an operation that fails that way reopens
 * the channel (and retakes the write lock), retries, and then restores the thread's interrupt
 * status (H2's FilePathRetryOnInterrupt does the same). Mappings made earlier stay valid: they do
 * not depend on the channel staying open.
 */
final class InterruptSafeChannel implements AutoCloseable {

    @FunctionalInterface
    interface Operation<T> {
        T run(FileChannel channel) throws IOException;
    }

    private final Path path;
    private final Set<StandardOpenOption> reopenOptions;
    private final boolean locked;
    private final Object fileKey;
    private volatile FileChannel channel;
    private FileLock lock;

    /**
     * Wraps {@code channel}, opened on {@code path} (whose {@link ProcessLocks#fileKey} is
     * {@code fileKey}) with {@code openOptions}, and takes the write lock if asked to.
     */
    InterruptSafeChannel(Path path, Object fileKey, FileChannel channel, Set<StandardOpenOption> openOptions,
            boolean lockForWriting) throws IOException {
        this.path = path;
        this.fileKey = fileKey;
        this.channel = channel;
        this.reopenOptions = openOptions.contains(StandardOpenOption.WRITE)
                ? Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE) : Set.of(StandardOpenOption.READ);
        this.locked = lockForWriting;
        if (lockForWriting) {
            lock = tryLock(channel);
        }
    }

    private FileLock tryLock(FileChannel target) throws IOException {
        try {
            FileLock taken = ProcessLocks.tryWriteLock(target);
            if (taken == null) {
                throw new DatabaseLockedException(path.toString());
            }
            return taken;
        } catch (OverlappingFileLockException e) {
            throw new DatabaseLockedException(path.toString());
        }
    }

    /** Runs {@code operation}, reopening and retrying if an interrupt closed the channel. */
    <T> T run(Operation<T> operation) throws IOException {
        boolean interrupted = false;
        try {
            for (int attempt = 0; ; attempt++) {
                FileChannel current = channel;
                try {
                    return operation.run(current);
                } catch (ClosedByInterruptException e) {
                    interrupted |= Thread.interrupted();
                    if (attempt >= 8) {
                        throw e;
                    }
                    reopen(current);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private synchronized void reopen(FileChannel closed) throws IOException {
        if (channel != closed && channel.isOpen()) {
            return;
        }
        FileChannel fresh = FileChannel.open(path, reopenOptions);
        if (locked) {
            lock = tryLock(fresh);
        }
        channel = fresh;
    }

    long size() throws IOException {
        return run(FileChannel::size);
    }

    int write(ByteBuffer buffer, long position) throws IOException {
        int start = buffer.position();
        return run(c -> {
            buffer.position(start);
            return c.write(buffer, position);
        });
    }

    void force() throws IOException {
        run(c -> {
            c.force(false);
            return null;
        });
    }

    void truncate(long size) throws IOException {
        run(c -> c.truncate(size));
    }

    MemorySegment map(long offset, long size, Arena arena) throws IOException {
        return run(c -> c.map(FileChannel.MapMode.READ_ONLY, offset, size, arena));
    }

    /** The file's identity, for {@link ProcessLocks}. */
    Object fileKey() {
        return fileKey;
    }

    /** Takes a lock on a range, waiting while another process holds a conflicting one. */
    FileLock lock(long position, long size, boolean shared) throws IOException {
        return run(c -> c.lock(position, size, shared));
    }

    /** Takes a lock on a range, or returns null if another process holds a conflicting one. */
    FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return run(c -> c.tryLock(position, size, shared));
    }

    /**
     * Releases the write lock and closes the channel, through {@link ProcessLocks}, which keeps the
     * channel open while this process holds other locks on the file (closing it would drop them).
     */
    @Override
    public synchronized void close() {
        if (locked) {
            ProcessLocks.unlockWriter(fileKey, lock, channel);
        } else {
            ProcessLocks.close(fileKey, channel);
        }
    }
}
