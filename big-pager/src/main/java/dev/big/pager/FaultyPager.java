package dev.big.pager;

import dev.big.page.PageFormat;
import dev.big.page.StorageException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A pager that fails on purpose, for crash and fault tests. It models the gap between a write
 * (which reaches the operating system's cache) and a sync (which makes it durable): reads see
 * every write, but {@link #crashImage} returns only what a power cut would leave.
 *
 * <p>Faults are armed by ordinal: the n-th write or sync since the pager was created (counting
 * from 1) fails with a {@link StorageException}; a torn write stores the first half of the page
 * and then fails; a disk-full limit makes every write at or beyond a page number fail, as a file
 * that cannot grow would.
 *
 * <p>A failed sync behaves as Linux's {@code fsync} does after a write-back error: the writes it
 * should have made durable stay readable from the cache, but the kernel has marked them clean, so
 * a later sync that succeeds does not write them either. Until the same pages are written again
 * they may or may not be on the disk, which is what a crash image after that makes of them.
 *
 * <p>Reads, verification and closing go straight to the cache, a {@link MemoryPager}.
 */
public final class FaultyPager extends ForwardingPager {

    /** What a simulated power cut leaves of the writes since the last successful sync. */
    public enum CrashMode {
        /** None of them: the file is exactly as of the last successful sync. */
        DROP_UNSYNCED,
        /** A random subset, one of them possibly torn in half; the rest are lost. */
        KEEP_RANDOM_SUBSET,
        /** All of them: the process died but the machine did not. */
        KEEP_ALL
    }

    private record PendingWrite(long pgno, byte[] bytes) {}

    /** What reads see: every write, synced or not (the operating system's cache). */
    private final MemoryPager cache;
    private byte[][] durable;
    private long durablePageCount;
    private final List<PendingWrite> unsynced = new ArrayList<>();
    /** Writes whose sync failed: in the cache, maybe on disk, never made durable by a later sync. */
    private final List<PendingWrite> failedSync = new ArrayList<>();
    private long writes;
    private long syncs;
    private long failWriteAt = -1;
    private long tearWriteAt = -1;
    private long failSyncAt = -1;
    private long diskFullAtPage = Long.MAX_VALUE;
    /** The write log beside these pages, with faults of its own to arm ({@link #log()}). */
    private final FaultyLogFile log;

    public FaultyPager() {
        this(new MemoryPager("faulty"));
    }

    /** Starts from the contents of {@code start}, all of them durable. */
    public FaultyPager(MemoryPager start) {
        super(start);
        this.cache = start;
        this.durable = start.snapshotPages();
        this.durablePageCount = start.pageCount();
        this.log = new FaultyLogFile(start.openLog());
    }

    /** The write log beside these pages: arm its faults there; {@link #crashImage} includes it. */
    public FaultyLogFile log() {
        return log;
    }

    @Override
    public LogFile openLog() {
        return LogFile.unclosed(log);
    }

    /** The {@code n}-th write (counting from 1 since creation) fails without writing anything. */
    public synchronized FaultyPager failWrite(long n) {
        failWriteAt = n;
        return this;
    }

    /** The {@code n}-th write stores the first half of the page, then fails. */
    public synchronized FaultyPager tearWrite(long n) {
        tearWriteAt = n;
        return this;
    }

    /** The {@code n}-th sync fails; nothing becomes durable. */
    public synchronized FaultyPager failSync(long n) {
        failSyncAt = n;
        return this;
    }

    /** Writes to page {@code pgno} or beyond fail as on a full disk. */
    public synchronized FaultyPager diskFullAt(long pgno) {
        diskFullAtPage = pgno;
        return this;
    }

    /** Disarms every fault. */
    public synchronized FaultyPager heal() {
        failWriteAt = tearWriteAt = failSyncAt = -1;
        log.heal();
        diskFullAtPage = Long.MAX_VALUE;
        return this;
    }

    public synchronized long writes() {
        return writes;
    }

    public synchronized long syncs() {
        return syncs;
    }

    /**
     * What the file would hold after a power cut now, as a fresh pager; {@code random} picks the
     * surviving writes for {@link CrashMode#KEEP_RANDOM_SUBSET}.
     */
    public synchronized MemoryPager crashImage(CrashMode mode, Random random) {
        LogFile logImage = log.crashImage(mode, random);
        if (mode == CrashMode.KEEP_ALL) {
            return MemoryPager.of(cache.name(), cache.snapshotPages(), cache.pageCount(), logImage);
        }
        byte[][] image = java.util.Arrays.copyOf(durable, (int) Math.max(durablePageCount, cache.pageCount()));
        long pageCount = durablePageCount;
        if (mode == CrashMode.KEEP_RANDOM_SUBSET) {
            List<PendingWrite> maybe = new ArrayList<>(failedSync);
            maybe.addAll(unsynced);
            int torn = maybe.isEmpty() || random.nextBoolean() ? -1 : random.nextInt(maybe.size());
            for (int i = 0; i < maybe.size(); i++) {
                PendingWrite write = maybe.get(i);
                if (i == torn) {
                    byte[] page = image[(int) write.pgno] == null ? new byte[PAGE_SIZE_BYTES] : image[(int) write.pgno].clone();
                    System.arraycopy(write.bytes, 0, page, 0, PAGE_SIZE_BYTES / 2);
                    image[(int) write.pgno] = page;
                    pageCount = Math.max(pageCount, write.pgno + 1);
                } else if (random.nextBoolean()) {
                    image[(int) write.pgno] = write.bytes;
                    pageCount = Math.max(pageCount, write.pgno + 1);
                }
            }
        }
        return MemoryPager.of(cache.name(), image, pageCount, logImage);
    }

    @Override
    public synchronized void write(long pgno, MemorySegment page) {
        writes++;
        if (writes == failWriteAt) {
            throw injected("writing page " + pgno, "Input/output error (injected)");
        }
        if (pgno >= diskFullAtPage) {
            throw injected("writing page " + pgno, "No space left on device (injected)");
        }
        if (writes == tearWriteAt) {
            byte[] half = pageBytes(pgno);
            MemorySegment.copy(page, 0, MemorySegment.ofArray(half), 0, PAGE_SIZE_BYTES / 2);
            store(pgno, half);
            throw injected("writing page " + pgno, "Input/output error after a partial write (injected)");
        }
        byte[] bytes = new byte[PAGE_SIZE_BYTES];
        MemorySegment.copy(page, 0, MemorySegment.ofArray(bytes), 0, PAGE_SIZE_BYTES);
        store(pgno, bytes);
    }

    private byte[] pageBytes(long pgno) {
        return pgno < cache.pageCount() ? cache.read(pgno).toArray(PageFormat.BYTE) : new byte[PAGE_SIZE_BYTES];
    }

    private void store(long pgno, byte[] bytes) {
        cache.write(pgno, MemorySegment.ofArray(bytes));
        unsynced.add(new PendingWrite(pgno, bytes));
    }

    @Override
    public synchronized long allocate() {
        return cache.allocate();
    }

    @Override
    public synchronized void sync() {
        cache.sync(); // refused once closed, as every pager's sync is
        syncs++;
        if (syncs == failSyncAt) {
            failedSync.addAll(unsynced);
            unsynced.clear();
            throw injected("sync (fsync)", "Input/output error (injected)");
        }
        long count = cache.pageCount();
        if (durable.length < count) {
            durable = java.util.Arrays.copyOf(durable, (int) count);
        }
        for (PendingWrite write : unsynced) {
            durable[(int) write.pgno] = write.bytes;
            failedSync.removeIf(lost -> lost.pgno == write.pgno);
        }
        durablePageCount = count;
        unsynced.clear();
    }

    @Override
    public synchronized void truncate(long pageCount) {
        cache.truncate(pageCount);
        for (long i = pageCount; i < durable.length; i++) {
            durable[(int) i] = null;
        }
        durablePageCount = Math.min(durablePageCount, pageCount);
        unsynced.removeIf(write -> write.pgno >= pageCount);
        failedSync.removeIf(write -> write.pgno >= pageCount);
    }

    private StorageException injected(String operation, String message) {
        return new StorageException(name(), operation, new IOException(message));
    }
}
