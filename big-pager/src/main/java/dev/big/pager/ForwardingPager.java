package dev.big.pager;

import java.lang.foreign.MemorySegment;

/**
 * A pager that hands every call to another one; subclasses override what they observe or change
 * (counting, recording, stalling). Forwarding everything here, the snapshot pins and the growth a
 * read-only pager follows included, keeps a wrapper from silently falling back to a default.
 */
public abstract class ForwardingPager implements Pager {

    private final Pager delegate;

    protected ForwardingPager(Pager delegate) {
        this.delegate = delegate;
    }

    /** The pager every call goes to. */
    public final Pager delegate() {
        return delegate;
    }

    @Override
    public MemorySegment read(long pgno) {
        return delegate.read(pgno);
    }

    @Override
    public void write(long pgno, MemorySegment page) {
        delegate.write(pgno, page);
    }

    @Override
    public long allocate() {
        return delegate.allocate();
    }

    @Override
    public long pageCount() {
        return delegate.pageCount();
    }

    @Override
    public long followGrowth() {
        return delegate.followGrowth();
    }

    @Override
    public long fileSizeBytes() {
        return delegate.fileSizeBytes();
    }

    @Override
    public void sync() {
        delegate.sync();
    }

    @Override
    public void truncate(long pageCount) {
        delegate.truncate(pageCount);
    }

    @Override
    public boolean readOnly() {
        return delegate.readOnly();
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        return delegate.verifyPage(pgno, page, expectedChecksum);
    }

    @Override
    public boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        return delegate.verifyBitmap(pgno, page, expectedChecksum);
    }

    @Override
    public SnapshotPin pinSnapshot(long txid) {
        return delegate.pinSnapshot(txid);
    }

    @Override
    public boolean otherReaderOlderThan(long txid) {
        return delegate.otherReaderOlderThan(txid);
    }

    @Override
    public LogFile openLog() {
        return delegate.openLog();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
