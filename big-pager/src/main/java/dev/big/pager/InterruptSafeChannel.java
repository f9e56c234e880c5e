package dev.big.pager;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A pager handle's I/O channel, made safe against thread interrupts. A {@link FileChannel} closes
 * itself when a thread doing I/O on it is interrupted, which would take the database down for
 * every thread because one of them was interrupted. Here an operation that fails that way reopens
 * the channel, retries, and then restores the thread's interrupt status (H2's
 * FilePathRetryOnInterrupt does the same). So does an operation of a thread that was not
 * interrupted but found the channel closed under it by another's interrupt (it sees a plain
 * {@link ClosedChannelException}, or {@link java.nio.channels.AsynchronousCloseException} when it
 * was in the middle of I/O): until this handle is closed, a closed channel is always an
 * interrupt's doing. Mappings made earlier stay valid: they do not depend on
 * the channel staying open. What the closing does to the file's locks is {@link FileLocks}'s
 * business: it says how the channel is closed and what to do on reopening.
 */
final class InterruptSafeChannel implements AutoCloseable {

    @FunctionalInterface
    interface Operation<T> {
        T run(FileChannel channel) throws IOException;
    }

    /** What to do with a channel just reopened after an interrupt closed the one before. */
    @FunctionalInterface
    interface Reopened {
        void reopened(FileChannel fresh) throws IOException;
    }

    private static final int MAX_REOPENS = 8;

    private final String name;
    private final Path openPath;
    private final Set<StandardOpenOption> reopenOptions;
    private final Reopened onReopen;
    private final Consumer<FileChannel> closer;
    private volatile FileChannel channel;
    /** Set by {@link #close}: from then on a closed channel is not reopened. */
    private volatile boolean handleClosed;

    /**
     * Wraps {@code channel}, opened on {@code openPath} with {@code options} (a file created is
     * reopened without creating); {@code closer} closes it, {@code onReopen} runs on each reopening.
     */
    InterruptSafeChannel(String name, Path openPath, Set<StandardOpenOption> options, FileChannel channel,
            Reopened onReopen, Consumer<FileChannel> closer) {
        this.name = name;
        this.openPath = openPath;
        this.reopenOptions = options.contains(StandardOpenOption.WRITE)
                ? Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE) : Set.of(StandardOpenOption.READ);
        this.channel = channel;
        this.onReopen = onReopen;
        this.closer = closer;
    }

    /** The file's name, for messages. */
    String name() {
        return name;
    }

    /** Runs {@code operation}, reopening and retrying if an interrupt closed the channel. */
    <T> T run(Operation<T> operation) throws IOException {
        boolean interrupted = false;
        try {
            for (int attempt = 0; ; attempt++) {
                FileChannel current = channel;
                try {
                    return operation.run(current);
                } catch (ClosedChannelException e) {
                    if (e instanceof ClosedByInterruptException) {
                        interrupted |= Thread.interrupted();
                    }
                    if (handleClosed || attempt >= MAX_REOPENS) {
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
        if (handleClosed) {
            throw new ClosedChannelException();
        }
        if (channel != closed && channel.isOpen()) {
            return;
        }
        FileChannel fresh = FileChannel.open(openPath, reopenOptions);
        try {
            onReopen.reopened(fresh);
        } catch (IOException | RuntimeException e) {
            closer.accept(fresh);
            throw e;
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

    /** Takes a lock on a range through this channel, or returns null if another process holds a conflicting one. */
    FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return run(c -> c.tryLock(position, size, shared));
    }

    /** Closes the channel the way its file's locks need ({@link FileLocks#closeChannel}). */
    @Override
    public synchronized void close() {
        handleClosed = true;
        closer.accept(channel);
    }
}
