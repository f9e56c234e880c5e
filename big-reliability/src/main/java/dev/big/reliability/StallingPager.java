package dev.big.reliability;

import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;

/**
 * A pager that can hold one thread inside a page read for a while, as a slow disk or a
 * descheduled reader would: the concurrency battery stalls a reader there and checks the writer
 * goes on committing meanwhile.
 */
final class StallingPager implements Pager {

    private final Pager pager;
    private volatile Thread stalled;
    private volatile long stallMillis;

    StallingPager(Pager pager) {
        this.pager = pager;
    }

    /** The next page read by {@code thread} waits {@code millis} first. */
    void stallNextRead(Thread thread, long millis) {
        stallMillis = millis;
        stalled = thread;
    }

    @Override
    public MemorySegment read(long pgno) {
        if (stalled == Thread.currentThread()) {
            stalled = null;
            try {
                Thread.sleep(stallMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return pager.read(pgno);
    }

    @Override
    public void write(long pgno, MemorySegment page) {
        pager.write(pgno, page);
    }

    @Override
    public long allocate() {
        return pager.allocate();
    }

    @Override
    public long pageCount() {
        return pager.pageCount();
    }

    @Override
    public long fileSizeBytes() {
        return pager.fileSizeBytes();
    }

    @Override
    public void sync() {
        pager.sync();
    }

    @Override
    public void truncate(long pageCount) {
        pager.truncate(pageCount);
    }

    @Override
    public boolean readOnly() {
        return pager.readOnly();
    }

    @Override
    public String name() {
        return pager.name();
    }

    @Override
    public boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        return pager.verifyPage(pgno, page, expectedChecksum);
    }

    @Override
    public boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        return pager.verifyBitmap(pgno, page, expectedChecksum);
    }

    @Override
    public void close() {
        pager.close();
    }
}
