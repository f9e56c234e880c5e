package dev.big.reliability;

import dev.big.pager.ForwardingPager;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;

/**
 * A pager that can hold one thread inside a page read for a while, as a slow disk or a
 * descheduled reader would: the concurrency battery stalls a reader there and checks the writer
 * goes on committing meanwhile.
 */
final class StallingPager extends ForwardingPager {

    private volatile Thread stalled;
    private volatile long stallMillis;

    StallingPager(Pager pager) {
        super(pager);
    }

    /** The next page read by {@code thread} waits {@code millis} first. */
    void stallNextRead(Thread thread, long millis) {
        stallMillis = millis;
        stalled = thread;
    }

    /**
     * Whether the stall asked of {@code thread} happened, and forgets it if not: a read answered
     * without a page (from a summary, or from the write log's changes in memory) reads none.
     */
    boolean stallHappened(Thread thread) {
        if (stalled == thread) {
            stalled = null;
            return false;
        }
        return true;
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
        return super.read(pgno);
    }
}
