package dev.big.reliability;

import dev.big.pager.ForwardingPager;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * A pager that remembers which pages were read through it, so a test can learn exactly which
 * pages a query touches (on an undamaged file), and then demand that a query fails if, and only
 * if, it touches a damaged page. Safe for several threads: a query hands its shards to helper
 * threads ({@code big.query.threads}), which read through this pager at once, and a page one of
 * them read and the recording lost would let the battery call a query that reads it "untouched".
 */
final class RecordingPager extends ForwardingPager {

    private final Roaring64Bitmap read = new Roaring64Bitmap();

    RecordingPager(Pager pager) {
        super(pager);
    }

    /** The pages read since the last call, which starts a new recording. */
    synchronized Roaring64Bitmap takeRead() {
        Roaring64Bitmap copy = new Roaring64Bitmap();
        copy.or(read);
        read.clear();
        return copy;
    }

    @Override
    public MemorySegment read(long pgno) {
        synchronized (this) {
            read.addLong(pgno);
        }
        return super.read(pgno);
    }
}
