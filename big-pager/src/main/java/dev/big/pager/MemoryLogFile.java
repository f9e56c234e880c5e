package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A write log in heap memory, for tests and stores that live in memory. It grows as the file log
 * does ({@link LogGrowth}), zero tail included, so code that reads the log sees the same bytes
 * and the same {@link #size()} from either. Writes are durable at once; {@link FaultyLogFile}
 * adds the gap between written and forced.
 */
final class MemoryLogFile implements LogFile {

    /** A heap array holds at most this many bytes. */
    private static final long MAX_SIZE_BYTES = Integer.MAX_VALUE - 8;

    private final String name;
    private byte[] bytes;
    private long size;
    private boolean closed;

    MemoryLogFile(String name) {
        this(name, new byte[0], 0);
    }

    /** A log of {@code size} bytes, the first of them {@code content} (copied), the rest zeros. */
    MemoryLogFile(String name, byte[] content, long size) {
        if (size > MAX_SIZE_BYTES || size < content.length) {
            throw new IllegalArgumentException("size " + size + " for " + content.length + " bytes of content");
        }
        this.name = name;
        this.bytes = Arrays.copyOf(content, (int) size);
        this.size = size;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean readOnly() {
        return false;
    }

    @Override
    public synchronized long size() {
        ensureOpen();
        return size;
    }

    @Override
    public synchronized void write(long offset, byte[] from, int fromIndex, int length) {
        Objects.checkFromIndexSize(fromIndex, length, from.length);
        if (offset < 0) {
            throw new IllegalArgumentException("offset " + offset + " is negative");
        }
        ensureOpen();
        long end = Math.addExact(offset, length);
        if (end > size) {
            long grown = LogGrowth.grownSize(size, end);
            if (grown > MAX_SIZE_BYTES) {
                throw new BigException(name + " cannot grow to " + grown + " bytes: a log in memory holds at most "
                        + MAX_SIZE_BYTES + " bytes. Checkpoint more often, or keep the database in a file.");
            }
            bytes = Arrays.copyOf(bytes, (int) grown);
            size = grown;
        }
        System.arraycopy(from, fromIndex, bytes, (int) offset, length);
    }

    @Override
    public synchronized int read(long offset, byte[] into, int from, int length) {
        Objects.checkFromIndexSize(from, length, into.length);
        if (offset < 0) {
            throw new IllegalArgumentException("offset " + offset + " is negative");
        }
        ensureOpen();
        int available = Math.clamp(size - offset, 0, length);
        System.arraycopy(bytes, (int) Math.min(offset, size), into, from, available);
        return available;
    }

    @Override
    public synchronized void force() {
        ensureOpen();
    }

    @Override
    public synchronized void truncate(long newSize) {
        if (newSize < 0) {
            throw new IllegalArgumentException("size " + newSize + " is negative");
        }
        ensureOpen();
        if (newSize < size) {
            bytes = Arrays.copyOf(bytes, (int) newSize);
            size = newSize;
        }
    }

    @Override
    public synchronized void delete() {
        close();
        bytes = new byte[0];
        size = 0;
    }

    @Override
    public synchronized void close() {
        closed = true;
    }

    /** A copy of every byte of the log, zero tail included. */
    synchronized byte[] contents() {
        ensureOpen();
        return bytes.clone();
    }

    private void ensureOpen() {
        if (closed) {
            throw new DatabaseClosedException(name);
        }
    }
}
