package dev.big.pager;

import dev.big.page.StorageException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A write log that fails on purpose, for crash and fault tests: the log's counterpart of
 * {@link FaultyPager}, with the same model of the gap between a write (which reaches the
 * operating system's cache) and a force (which makes it durable). Reads see every write;
 * {@link #crashImage} returns what a power cut would leave.
 *
 * <p>Faults are armed by ordinal: the n-th write or force since the log was wrapped (counting
 * from 1) fails with a {@link StorageException}; a torn write stores a prefix of its bytes and
 * then fails; a disk-full limit makes every write that would end past it fail, as a log that
 * cannot grow would.
 *
 * <p>A failed force behaves as Linux's {@code fdatasync} does after a write-back error: the writes
 * it should have made durable stay readable, but a later force that succeeds does not make them
 * durable either; until the same bytes are written again they may or may not be on the disk.
 *
 * <p>Growth and truncation are durable at once, as the file log forces them; so is deletion.
 */
public final class FaultyLogFile implements LogFile {

    /** The most bytes the model holds: one heap array's worth. */
    private static final long MAX_SIZE_BYTES = Integer.MAX_VALUE - 8;

    private record PendingWrite(long offset, byte[] bytes) {
        long end() {
            return offset + bytes.length;
        }

        boolean covers(PendingWrite other) {
            return offset <= other.offset && other.end() <= end();
        }
    }

    /** What reads see: every write, forced or not (the operating system's cache). */
    private final LogFile cache;
    /** The cache's bytes and size, kept here too so a crash image can be taken after the log is closed. */
    private byte[] written;
    private long size;
    /** The log's bytes as of the last successful force, up to the last byte ever made durable. */
    private byte[] durable;
    private final List<PendingWrite> unforced = new ArrayList<>();
    /** Writes whose force failed: in the cache, maybe on disk, never made durable by a later force. */
    private final List<PendingWrite> failedForce = new ArrayList<>();
    private long writes;
    private long forces;
    private long failWriteAt = -1;
    private long tearWriteAt = -1;
    private int tearKeepBytes;
    private long failForceAt = -1;
    private long diskFullAtBytes = Long.MAX_VALUE;

    /** A faulty log in memory, empty. */
    public FaultyLogFile() {
        this(LogFile.inMemory("faulty-log"));
    }

    /** Wraps {@code log}, whose bytes as of now count as durable. */
    public FaultyLogFile(LogFile log) {
        this.cache = log;
        long length = log.size();
        if (length > MAX_SIZE_BYTES) {
            throw new IllegalArgumentException(log.name() + " is too large (" + length + " bytes) to model in memory");
        }
        this.size = length;
        this.durable = new byte[(int) length];
        log.read(0, durable, 0, durable.length);
        this.written = durable.clone();
    }

    /** The {@code n}-th write (counting from 1) fails without writing anything. */
    public synchronized FaultyLogFile failWrite(long n) {
        failWriteAt = n;
        return this;
    }

    /** The {@code n}-th write stores the first half of its bytes, then fails. */
    public synchronized FaultyLogFile tearWrite(long n) {
        return tearWrite(n, -1);
    }

    /** The {@code n}-th write stores its first {@code keepBytes} bytes (at most all but one), then fails. */
    public synchronized FaultyLogFile tearWrite(long n, int keepBytes) {
        tearWriteAt = n;
        tearKeepBytes = keepBytes;
        return this;
    }

    /** The {@code n}-th force fails; nothing becomes durable. */
    public synchronized FaultyLogFile failForce(long n) {
        failForceAt = n;
        return this;
    }

    /** Writes that would end past {@code bytes} fail, as on a full disk. */
    public synchronized FaultyLogFile diskFullAt(long bytes) {
        diskFullAtBytes = bytes;
        return this;
    }

    /** Disarms every fault. */
    public synchronized FaultyLogFile heal() {
        failWriteAt = tearWriteAt = failForceAt = -1;
        diskFullAtBytes = Long.MAX_VALUE;
        return this;
    }

    /** Writes so far, failed ones included. */
    public synchronized long writes() {
        return writes;
    }

    /** Forces so far, failed ones included. */
    public synchronized long forces() {
        return forces;
    }

    /**
     * What the log would hold after a power cut now, as a fresh log in memory of the same size;
     * {@code random} picks the surviving writes for {@link FaultyPager.CrashMode#KEEP_RANDOM_SUBSET},
     * of which one may be torn at a random byte.
     */
    public synchronized LogFile crashImage(FaultyPager.CrashMode mode, Random random) {
        byte[] image = new byte[(int) size];
        if (mode == FaultyPager.CrashMode.KEEP_ALL) {
            System.arraycopy(written, 0, image, 0, Math.min(written.length, image.length));
            return new MemoryLogFile(cache.name(), image, size);
        }
        System.arraycopy(durable, 0, image, 0, Math.min(durable.length, image.length));
        if (mode == FaultyPager.CrashMode.KEEP_RANDOM_SUBSET) {
            List<PendingWrite> maybe = new ArrayList<>(failedForce);
            maybe.addAll(unforced);
            int torn = maybe.isEmpty() || random.nextBoolean() ? -1 : random.nextInt(maybe.size());
            for (int i = 0; i < maybe.size(); i++) {
                PendingWrite write = maybe.get(i);
                int length = i == torn ? random.nextInt(write.bytes.length) : random.nextBoolean() ? write.bytes.length : 0;
                System.arraycopy(write.bytes, 0, image, (int) write.offset, length);
            }
        }
        return new MemoryLogFile(cache.name(), image, size);
    }

    @Override
    public String name() {
        return cache.name();
    }

    @Override
    public boolean readOnly() {
        return cache.readOnly();
    }

    @Override
    public synchronized long size() {
        return cache.size();
    }

    @Override
    public synchronized void write(long offset, byte[] bytes, int from, int length) {
        writes++;
        String operation = "writing " + length + " bytes at offset " + offset;
        if (writes == failWriteAt) {
            throw injected(operation, "Input/output error (injected)");
        }
        if (offset + length > diskFullAtBytes) {
            throw injected(operation, "No space left on device (injected)");
        }
        if (writes == tearWriteAt && length > 0) {
            int kept = tearKeepBytes < 0 ? length / 2 : Math.min(tearKeepBytes, length - 1);
            store(offset, bytes, from, kept);
            throw injected(operation, "Input/output error after writing " + kept + " of the bytes (injected)");
        }
        store(offset, bytes, from, length);
    }

    private void store(long offset, byte[] bytes, int from, int length) {
        cache.write(offset, bytes, from, length);
        size = cache.size();
        if (length == 0) {
            return;
        }
        if (size > MAX_SIZE_BYTES) {
            throw new IllegalStateException(name() + " grew too large (" + size + " bytes) to model in memory");
        }
        PendingWrite write = new PendingWrite(offset, Arrays.copyOfRange(bytes, from, from + length));
        if (write.end() > written.length) {
            written = Arrays.copyOf(written, (int) write.end());
        }
        System.arraycopy(write.bytes, 0, written, (int) offset, length);
        unforced.add(write);
    }

    @Override
    public synchronized int read(long offset, byte[] into, int from, int length) {
        return cache.read(offset, into, from, length);
    }

    @Override
    public synchronized void force() {
        cache.force(); // refused once closed or when read-only, as every log's force is
        forces++;
        if (forces == failForceAt) {
            failedForce.addAll(unforced);
            unforced.clear();
            throw injected("sync (fdatasync) of the write log", "Input/output error (injected)");
        }
        for (PendingWrite write : unforced) {
            if (write.end() > durable.length) {
                durable = Arrays.copyOf(durable, (int) write.end());
            }
            System.arraycopy(write.bytes, 0, durable, (int) write.offset, write.bytes.length);
            failedForce.removeIf(write::covers);
        }
        unforced.clear();
    }

    @Override
    public synchronized void truncate(long newSize) {
        cache.truncate(newSize);
        size = cache.size();
        durable = Arrays.copyOf(durable, (int) Math.min(durable.length, size));
        written = Arrays.copyOf(written, (int) Math.min(written.length, size));
        cutWrites(unforced, size);
        cutWrites(failedForce, size);
    }

    private static void cutWrites(List<PendingWrite> pending, long size) {
        pending.replaceAll(write -> write.end() <= size ? write
                : new PendingWrite(write.offset, Arrays.copyOf(write.bytes, (int) Math.max(0, size - write.offset))));
        pending.removeIf(write -> write.bytes.length == 0);
    }

    @Override
    public synchronized void delete() {
        cache.delete();
        if (!cache.readOnly()) {
            size = 0;
            durable = new byte[0];
            written = new byte[0];
            unforced.clear();
            failedForce.clear();
        }
    }

    @Override
    public synchronized void close() {
        cache.close();
    }

    private StorageException injected(String operation, String message) {
        return new StorageException(name(), operation, new IOException(message));
    }
}
