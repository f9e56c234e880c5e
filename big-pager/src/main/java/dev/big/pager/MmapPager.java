package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import dev.big.page.DatabaseLockedException;
import dev.big.page.PageFormat;
import dev.big.page.StorageException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Set;

/**
 * A pager over a memory-mapped file: reads are views into the mapping, writes go through the
 * file channel (so a full disk is an {@link IOException}, not a crash in the middle of a memory
 * copy), and verified checksums are remembered so hot pages are hashed once.
 *
 * <p>Writable files are locked with an exclusive {@link java.nio.channels.FileLock}; a second
 * writer, in this process or another, gets {@link DatabaseLockedException}. Read-only opens take no
 * lock; {@link ProcessLocks} keeps them from dropping the lock of a writer in the same process.
 */
public final class MmapPager implements Pager {

    /** Default memo size: 64 stripes x 2,048 slots covers 131,072 pages (1 GiB) of hot pages. */
    public static final int DEFAULT_MEMO_SLOTS_PER_STRIPE = 2048;

    /**
     * Pages arrive as heap segments of any array type (which {@code asByteBuffer} cannot always
     * wrap) or as views; one direct buffer per writing thread stages them for the channel.
     */
    private static final ThreadLocal<ByteBuffer> WRITE_BUFFER =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(PAGE_SIZE_BYTES));

    private final Path path;
    private final String name;
    private final OpenMode mode;
    private final InterruptSafeChannel channel;
    private final FileMapping mapping;
    private final VerifiedChecksumMemo memo;
    private volatile long pageCount;
    private volatile boolean closed;

    private MmapPager(Path path, OpenMode mode, InterruptSafeChannel channel, long pageCount, boolean memo) {
        this.path = path;
        this.name = path.toString();
        this.mode = mode;
        this.channel = channel;
        this.mapping = new FileMapping(name, channel, mode.writable());
        this.memo = memo ? new VerifiedChecksumMemo(DEFAULT_MEMO_SLOTS_PER_STRIPE) : null;
        this.pageCount = pageCount;
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
        Set<StandardOpenOption> options = switch (mode) {
            case CREATE_NEW -> EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
            case READ_WRITE -> EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE);
            case READ_ONLY -> EnumSet.of(StandardOpenOption.READ);
        };
        InterruptSafeChannel channel;
        try {
            channel = mode.writable() ? ProcessLocks.lockForWriting(path, () -> openChannel(path, options, true))
                    : openChannel(path, options, false);
        } catch (FileAlreadyExistsException e) {
            throw new BigException(path + " already exists; open it instead of creating it, or choose another path.");
        } catch (NoSuchFileException e) {
            throw new BigException(path + " does not exist; create it first (big create, Db.create).");
        } catch (IOException e) {
            throw new StorageException(path.toString(), "opening", e);
        }
        boolean success = false;
        try {
            long size = channel.size();
            MmapPager pager = new MmapPager(path, mode, channel, size >>> PageFormat.PAGE_SHIFT, memo);
            if (pager.pageCount > 0) {
                pager.mapping.mapExisting(pager.pageCount);
            }
            success = true;
            return pager;
        } catch (IOException e) {
            throw new StorageException(path.toString(), "mapping", e);
        } finally {
            if (!success) {
                channel.close();
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
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            return ProcessLocks.lockForWriting(path, () -> openChannel(path, options, true));
        } catch (DatabaseLockedException e) {
            return null;
        } catch (IOException e) {
            return () -> {};
        }
    }

    /**
     * Opens the channel of {@code path}, refusing anything but a regular file: opening a named pipe
     * would wait for a writer forever, and a device or a directory is never a database.
     */
    private static InterruptSafeChannel openChannel(Path path, Set<StandardOpenOption> options, boolean lock)
            throws IOException {
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new BigException(path + " is not a regular file (it is a directory, a pipe or a device); a big database"
                    + " is a regular file. Check the path.");
        }
        Object fileKey = ProcessLocks.fileKey(path);
        FileChannel channel = FileChannel.open(path, options);
        boolean success = false;
        try {
            InterruptSafeChannel safe = new InterruptSafeChannel(path, fileKey != null ? fileKey : ProcessLocks.fileKey(path),
                    channel, options, lock);
            success = true;
            return safe;
        } finally {
            if (!success) {
                // A read-only channel of a file this process has locked must not drop the lock by closing.
                ProcessLocks.close(lock ? null : fileKey, channel);
            }
        }
    }

    /** The size of the file in bytes, which can exceed {@link #pageCount()} pages by a sparse tail. */
    @Override
    public long fileSizeBytes() {
        try {
            return channel.size();
        } catch (IOException e) {
            throw new StorageException(name, "reading the size", e);
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public MemorySegment read(long pgno) {
        ensureOpen();
        if (pgno < 0 || pgno >= mapping.mappedPages()) {
            if (pgno >= 0 && pgno < pageCount) {
                remap(pgno + 1);
            } else {
                throw new IllegalArgumentException("page " + pgno + " is beyond the end of " + name
                        + " (" + pageCount + " pages)");
            }
        }
        return mapping.page(pgno);
    }

    @Override
    public synchronized long followGrowth() {
        if (mode == OpenMode.READ_ONLY) {
            pageCount = Math.max(pageCount, fileSizeBytes() >>> PageFormat.PAGE_SHIFT);
        }
        return pageCount;
    }

    @Override
    public SnapshotPin pinSnapshot(long txid) {
        ensureOpen();
        try {
            return ProcessLocks.pin(channel.fileKey(), channel, txid);
        } catch (IOException e) {
            throw new StorageException(name, "pinning snapshot " + txid + " (a shared file lock)", e);
        }
    }

    @Override
    public boolean otherReaderOlderThan(long txid) {
        ensureWritable();
        try {
            return ProcessLocks.readerOlderThan(channel.fileKey(), channel, txid);
        } catch (IOException e) {
            throw new StorageException(name, "looking for readers of snapshots older than " + txid
                    + " (a file lock probe)", e);
        }
    }

    private void remap(long pages) {
        try {
            mapping.ensureMapped(pages);
        } catch (IOException e) {
            throw new StorageException(name, "mapping", e);
        }
        if (pages > mapping.mappedPages()) {
            throw new IllegalArgumentException("page " + (pages - 1) + " is beyond the end of " + name);
        }
    }

    @Override
    public void write(long pgno, MemorySegment page) {
        ensureWritable();
        if (memo != null) {
            memo.forget(pgno);
        }
        ByteBuffer buffer = WRITE_BUFFER.get().clear();
        MemorySegment.ofBuffer(buffer).copyFrom(page.asSlice(0, PAGE_SIZE_BYTES));
        long offset = PageFormat.offsetOf(pgno);
        try {
            while (buffer.hasRemaining()) {
                offset += channel.write(buffer, offset);
            }
        } catch (IOException e) {
            throw new StorageException(name, "writing page " + pgno, e);
        }
        synchronized (this) {
            if (pgno >= pageCount) {
                pageCount = pgno + 1;
            }
        }
        if (pgno >= mapping.mappedPages()) {
            remap(pgno + 1);
        }
    }

    @Override
    public synchronized long allocate() {
        ensureWritable();
        return pageCount++;
    }

    @Override
    public long pageCount() {
        return pageCount;
    }

    @Override
    public void sync() {
        ensureWritable();
        try {
            channel.force();
        } catch (IOException e) {
            throw new StorageException(name, "sync (fsync)", e);
        }
    }

    @Override
    public synchronized void truncate(long pages) {
        ensureWritable();
        if (memo != null) {
            memo.forgetFrom(pages);
        }
        try {
            channel.truncate(pages << PageFormat.PAGE_SHIFT);
        } catch (IOException e) {
            throw new StorageException(name, "truncating to " + pages + " pages", e);
        }
        pageCount = pages;
    }

    @Override
    public boolean readOnly() {
        return mode == OpenMode.READ_ONLY;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        return memo == null ? Pager.super.verifyPage(pgno, page, expectedChecksum)
                : memo.verifyPage(pgno, page, expectedChecksum);
    }

    @Override
    public boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        return memo == null ? Pager.super.verifyBitmap(pgno, page, expectedChecksum)
                : memo.verifyBitmap(pgno, page, expectedChecksum);
    }

    private void ensureOpen() {
        if (closed) {
            throw new DatabaseClosedException(name);
        }
    }

    private void ensureWritable() {
        ensureOpen();
        if (mode == OpenMode.READ_ONLY) {
            throw new BigException(name + " is open read-only; open it read-write to change it.");
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            mapping.close();
        } finally {
            channel.close();
        }
    }
}
