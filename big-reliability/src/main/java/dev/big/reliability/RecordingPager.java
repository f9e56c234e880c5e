package dev.big.reliability;

import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * A pager that remembers which pages were read through it, so a test can learn exactly which
 * pages a query touches (on an undamaged file), and then demand that a query fails if, and only
 * if, it touches a damaged page. For one thread at a time.
 */
final class RecordingPager implements Pager {

    private final Pager pager;
    private final Roaring64Bitmap read = new Roaring64Bitmap();

    RecordingPager(Pager pager) {
        this.pager = pager;
    }

    /** The pages read since the last call, which starts a new recording. */
    Roaring64Bitmap takeRead() {
        Roaring64Bitmap copy = new Roaring64Bitmap();
        copy.or(read);
        read.clear();
        return copy;
    }

    @Override
    public MemorySegment read(long pgno) {
        read.addLong(pgno);
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
