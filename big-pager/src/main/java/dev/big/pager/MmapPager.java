package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.DatabaseLockedException;
import dev.big.page.PageFormat;
import dev.big.page.StorageException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A pager over a memory-mapped file: reads are views into the mapping, writes go through the
 * file channel (so a full disk is an {@link IOException}, not a crash in the middle of a memory
 * copy), and verified checksums are remembered so hot pages are hashed once.
 *
 * <p>Writable files are locked exclusively; a second writer, in this process or another, gets
 * {@link DatabaseLockedException}. Read-only handles pin the snapshots they read, so writers of
 * other handles keep those pages. {@link FileLocks} owns the locks and the rules that keep them.
 */
public final class MmapPager extends PageStore {

    /** Default memo size: 64 stripes x 2,048 slots covers 131,072 pages (1 GiB) of hot pages. */
    public static final int DEFAULT_MEMO_SLOTS_PER_STRIPE = 2048;

    /**
     * Pages arrive as heap segments of any array type (which {@code asByteBuffer} cannot always
     * wrap) or as views; one direct buffer per writing thread stages them for the channel.
     */
    private static final ThreadLocal<ByteBuffer> WRITE_BUFFER =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(PAGE_SIZE_BYTES));

    private final Path path;
    private final OpenMode mode;
    private final FileLocks locks;
    private final InterruptSafeChannel channel;
    private final FileMapping mapping;

    private MmapPager(Path path, OpenMode mode, FileLocks locks, InterruptSafeChannel channel, long pageCount,
            int memoSlotsPerStripe) {
        super(path.toString(), memoSlotsPerStripe == 0 ? null : new VerifiedChecksumMemo(memoSlotsPerStripe), pageCount);
        this.path = path;
        this.mode = mode;
        this.locks = locks;
        this.channel = channel;
        this.mapping = new FileMapping(name(), channel, mode.writable());
    }

    /** Opens {@code path} with the verified-checksum memo on. */
    public static MmapPager open(Path path, OpenMode mode) {
        return open(path, mode, true);
    }

    /**
     * Opens {@code path}. With {@code memo} off every verification rehashes the page (the
     * {@link Pager} default); benchmarks use that to show what the memo saves.
     */
    public static MmapPager open(Path path, OpenMode mode, boolean memo) {
        return open(path, mode, memo ? DEFAULT_MEMO_SLOTS_PER_STRIPE : 0);
    }

    /** Opens {@code path} with a memo of {@code memoSlotsPerStripe} slots per stripe (0: none), so tests can make it small. */
    static MmapPager open(Path path, OpenMode mode, int memoSlotsPerStripe) {
        refuseIfNotARegularFile(path);
        FileLocks locks = null;
        InterruptSafeChannel channel = null;
        boolean success = false;
        try {
            locks = FileLocks.open(path, mode);
            channel = locks.openChannel(mode);
            if (mode.writable()) {
                locks.lockForWriting(channel);
            }
            long size = channel.size();
            MmapPager pager = new MmapPager(path, mode, locks, channel, size >>> PageFormat.PAGE_SHIFT, memoSlotsPerStripe);
            if (pager.pageCount() > 0) {
                pager.mapping.mapExisting(pager.pageCount());
            }
            success = true;
            return pager;
        } catch (FileAlreadyExistsException e) {
            throw new BigException(path + " already exists; open it instead of creating it, or choose another path.");
        } catch (NoSuchFileException e) {
            throw new BigException(path + " does not exist; create it first (big create, Db.create).");
        } catch (IOException e) {
            throw new StorageException(path.toString(), channel == null ? "opening" : "mapping", e);
        } finally {
            if (!success) {
                if (channel != null) {
                    channel.close();
                }
                if (locks != null) {
                    locks.close();
                }
            }
        }
    }

    /**
     * Takes the write lock of the database file {@code path} without opening the database, for a
     * long read that wants no other process to commit meanwhile ({@code big check}); closing the
     * result releases it. Returns null if another process or handle holds the lock, and a hold of
     * nothing if this process may not write the file (then it cannot take the lock, and no writer
     * of its own can run either).
     */
    public static AutoCloseable tryHoldWriteLock(Path path) {
        FileLocks locks = null;
        InterruptSafeChannel channel = null;
        try {
            refuseIfNotARegularFile(path);
            locks = FileLocks.open(path, OpenMode.READ_WRITE);
            channel = locks.openChannel(OpenMode.READ_WRITE);
            locks.lockForWriting(channel);
            FileLocks held = locks;
            InterruptSafeChannel open = channel;
            locks = null;
            return () -> {
                open.close();
                held.close();
            };
        } catch (DatabaseLockedException e) {
            return null;
        } catch (IOException | BigException e) {
            return () -> {};
        } finally {
            if (locks != null) {
                if (channel != null) {
                    channel.close();
                }
                locks.close();
            }
        }
    }

    /** Opening a named pipe would wait for a writer forever, and a device or a directory is never a database. */
    private static void refuseIfNotARegularFile(Path path) {
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new BigException(path + " is not a regular file (it is a directory, a pipe or a device); a big database"
                    + " is a regular file. Check the path.");
        }
    }

    /** The size of the file in bytes, which can exceed {@link #pageCount()} pages by a sparse tail. */
    @Override
    public long fileSizeBytes() {
        try {
            return channel.size();
        } catch (IOException e) {
            throw new StorageException(name(), "reading the size", e);
        }
    }

    public Path path() {
        return path;
    }

    /** Whether {@link #openLog} ran: only the first opening of a new file's log empties what a deleted namesake left. */
    private boolean logOpened;

    @Override
    public synchronized LogFile openLog() {
        OpenMode logMode = mode == OpenMode.CREATE_NEW && logOpened ? OpenMode.READ_WRITE : mode;
        logOpened = true;
        return LogFile.open(path, logMode);
    }

    @Override
    public MemorySegment read(long pgno) {
        ensureOpen();
        if (pgno < 0 || pgno >= mapping.mappedPages()) {
            if (pgno >= 0 && pgno < pageCount()) {
                remap(pgno + 1);
            } else {
                throw beyondTheEnd(pgno);
            }
        }
        return mapping.page(pgno);
    }

    @Override
    public long followGrowth() {
        return mode == OpenMode.READ_ONLY ? followedTo(fileSizeBytes() >>> PageFormat.PAGE_SHIFT) : pageCount();
    }

    @Override
    public SnapshotPin pinSnapshot(long txid) {
        ensureOpen();
        return locks.pin(name(), txid);
    }

    @Override
    public boolean otherReaderOlderThan(long txid) {
        ensureWritable();
        try {
            return locks.readerOlderThan(channel, txid);
        } catch (IOException e) {
            throw new StorageException(name(), "looking for readers of snapshots older than " + txid
                    + " (a file lock probe)", e);
        }
    }

    private void remap(long pages) {
        try {
            mapping.ensureMapped(pages);
        } catch (IOException e) {
            throw new StorageException(name(), "mapping", e);
        }
        if (pages > mapping.mappedPages()) {
            throw new IllegalArgumentException("page " + (pages - 1) + " is beyond the end of " + name());
        }
    }

    @Override
    public void write(long pgno, MemorySegment page) {
        ensureWritable();
        forgetVerified(pgno);
        ByteBuffer buffer = WRITE_BUFFER.get().clear();
        MemorySegment.ofBuffer(buffer).copyFrom(page.asSlice(0, PAGE_SIZE_BYTES));
        long offset = PageFormat.offsetOf(pgno);
        try {
            while (buffer.hasRemaining()) {
                offset += channel.write(buffer, offset);
            }
        } catch (IOException e) {
            throw new StorageException(name(), "writing page " + pgno, e);
        }
        grewTo(pgno);
        if (pgno >= mapping.mappedPages()) {
            remap(pgno + 1);
        }
    }

    @Override
    public void sync() {
        ensureWritable();
        try {
            channel.force();
        } catch (IOException e) {
            throw new StorageException(name(), "sync (fsync)", e);
        }
    }

    @Override
    public synchronized void truncate(long pages) {
        ensureWritable();
        try {
            channel.truncate(pages << PageFormat.PAGE_SHIFT);
        } catch (IOException e) {
            throw new StorageException(name(), "truncating to " + pages + " pages", e);
        }
        truncatedTo(pages);
    }

    @Override
    public boolean readOnly() {
        return mode == OpenMode.READ_ONLY;
    }

    @Override
    public synchronized void close() {
        if (!markClosed()) {
            return;
        }
        try {
            mapping.close();
        } finally {
            channel.close();
            locks.close();
        }
    }
}
