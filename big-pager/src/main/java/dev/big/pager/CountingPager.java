package dev.big.pager;

import dev.big.page.PageClass;
import dev.big.page.PageHeader;
import java.lang.foreign.MemorySegment;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Wraps any pager and counts pages read and written per {@link PageClass}, verifications and
 * syncs. Verification is forwarded to the wrapped pager, so its memo keeps working; counting
 * never changes what a read returns.
 *
 * <p>A page's class is read from its header ({@link PageHeader#classify}); headerless bitmap pages
 * count as {@link PageClass#BITMAP}. Counting reads that way touches every page read, which costs
 * measurably on hot read paths, so read counting is on only when asked for.
 */
public final class CountingPager extends ForwardingPager {

    private final boolean countReads;
    private final Map<PageClass, LongAdder> reads = new EnumMap<>(PageClass.class);
    private final Map<PageClass, LongAdder> writes = new EnumMap<>(PageClass.class);
    private final LongAdder verifications = new LongAdder();
    private final LongAdder syncs = new LongAdder();

    /** Counts writes, syncs, verifications and reads. */
    public CountingPager(Pager delegate) {
        this(delegate, true);
    }

    /** Counts writes, syncs and verifications, and reads only if {@code countReads}. */
    public CountingPager(Pager delegate, boolean countReads) {
        super(delegate);
        this.countReads = countReads;
        for (PageClass cls : PageClass.values()) {
            reads.put(cls, new LongAdder());
            writes.put(cls, new LongAdder());
        }
    }

    /** The counts so far. */
    public PageCounts counts() {
        Map<PageClass, Long> read = new EnumMap<>(PageClass.class);
        Map<PageClass, Long> written = new EnumMap<>(PageClass.class);
        for (PageClass cls : PageClass.values()) {
            read.put(cls, reads.get(cls).sum());
            written.put(cls, writes.get(cls).sum());
        }
        return new PageCounts(read, written, verifications.sum(), syncs.sum());
    }

    @Override
    public MemorySegment read(long pgno) {
        MemorySegment page = delegate().read(pgno);
        if (countReads) {
            reads.get(PageHeader.classify(page)).increment();
        }
        return page;
    }

    @Override
    public void write(long pgno, MemorySegment page) {
        delegate().write(pgno, page);
        writes.get(PageHeader.classify(page)).increment();
    }

    @Override
    public void sync() {
        delegate().sync();
        syncs.increment();
    }

    /**
     * Counts what the write log beside the file took ({@link PageClass#LOG}): {@code pages} 8 KiB
     * stretches written and {@code forcings} forcings, so a commit's cost and amplification figures
     * include the log, which this pager does not write itself.
     */
    public void countLog(long pages, long forcings) {
        writes.get(PageClass.LOG).add(pages);
        syncs.add(forcings);
    }

    @Override
    public boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        verifications.increment();
        return delegate().verifyPage(pgno, page, expectedChecksum);
    }

    @Override
    public boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        verifications.increment();
        return delegate().verifyBitmap(pgno, page, expectedChecksum);
    }
}
