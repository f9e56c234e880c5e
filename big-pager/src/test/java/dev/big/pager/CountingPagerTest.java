package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BitmapPage;
import dev.big.page.PageClass;
import dev.big.page.PageHeader;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CountingPagerTest {

    @Test
    void countsPagesPerClassAndForwardsVerification() {
        int[] delegateVerifications = new int[1];
        MemoryPager memory = new MemoryPager();
        Pager spy = new ForwardingPager(memory) {
            @Override
            public boolean verifyBitmap(long pgno, MemorySegment page, long expected) {
                delegateVerifications[0]++;
                return true;
            }
        };
        CountingPager pager = new CountingPager(spy);
        MemorySegment bitmap = Pages.randomBitmap(new Random(8));
        pager.write(2, bitmap);
        pager.write(3, Pages.branch(3, 1));
        pager.read(2);
        pager.read(3);
        pager.read(3);
        assertTrue(pager.verifyBitmap(2, pager.read(2), 12345L), "the delegate's answer, not a recomputation");
        pager.sync();

        PageCounts counts = pager.counts();
        assertEquals(1, counts.written(PageClass.BITMAP), "a headerless bitmap page");
        assertEquals(1, counts.written(PageClass.DATA), "a branch of a fragment tree");
        assertEquals(2, counts.read(PageClass.BITMAP));
        assertEquals(2, counts.read(PageClass.DATA));
        assertEquals(1, counts.verifications());
        assertEquals(1, delegateVerifications[0]);
        assertEquals(1, counts.syncs());
        assertEquals(2L * 8192, counts.totalBytesWritten());

        PageCounts before = pager.counts();
        pager.write(4, Pages.branch(4, 2));
        assertEquals(1, pager.counts().minus(before).totalWritten());
        assertTrue(BitmapPage.checksum(bitmap) != PageHeader.computeChecksum(bitmap));
    }

    /** Forwards everything to another pager; tests override what they observe. */
    static class ForwardingPager implements Pager {
        private final Pager delegate;

        ForwardingPager(Pager delegate) {
            this.delegate = delegate;
        }

        @Override public MemorySegment read(long pgno) { return delegate.read(pgno); }
        @Override public void write(long pgno, MemorySegment page) { delegate.write(pgno, page); }
        @Override public long allocate() { return delegate.allocate(); }
        @Override public long pageCount() { return delegate.pageCount(); }
        @Override public void sync() { delegate.sync(); }
        @Override public void truncate(long pageCount) { delegate.truncate(pageCount); }
        @Override public boolean readOnly() { return delegate.readOnly(); }
        @Override public String name() { return delegate.name(); }
        @Override public void close() { delegate.close(); }
    }
}
