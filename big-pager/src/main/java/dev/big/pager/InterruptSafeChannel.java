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
    private volatile FileChannel channel;
    private FileLock lock;

    InterruptSafeChannel(Path path, FileChannel channel, Set<StandardOpenOption> openOptions, boolean lockForWriting)
            throws IOException {
        this.path = path;
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
            FileLock taken = target.tryLock();
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

    @Override
    public synchronized void close() {
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
        } catch (IOException ignored) {
            // Closing the channel releases the lock anyway.
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing was written through this channel that a sync did not already make durable.
        }
    }
}
