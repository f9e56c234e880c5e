package dev.big.db;

import dev.big.pager.MmapPager;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A database file's write lock, held without opening the database: a long read that wants no
 * other process to commit while it runs ({@code big check}, {@code big export}) takes it, then
 * opens the database read-only. While it is held, {@link Db#open} of the file fails with "locked
 * by another process" in every process, this one's other handles included.
 *
 * <p>A read-only handle pins the commit it reads, so a writer would not disturb such a read; the
 * lock keeps the file as it is while the read describes it.
 */
public final class WriteLock implements AutoCloseable {

    private final Path file;
    private final AutoCloseable hold;

    private WriteLock(Path file, AutoCloseable hold) {
        this.file = file;
        this.hold = hold;
    }

    /**
     * Takes the write lock of {@code file} without waiting. Returns null, as
     * {@link java.nio.channels.FileChannel#tryLock()} does, when another process or another handle
     * of this one has the file open for writing. When this process may not write the file at all
     * (read-only permissions, a read-only mount) it cannot take the lock and returns a lock that
     * holds nothing: it cannot commit to the file either. Close the result to release it.
     */
    public static WriteLock tryAcquire(Path file) {
        Objects.requireNonNull(file, "file");
        AutoCloseable hold = MmapPager.tryHoldWriteLock(file);
        return hold == null ? null : new WriteLock(file, hold);
    }

    /** The file this lock is on. */
    public Path file() {
        return file;
    }

    /** Releases the lock. Releasing writes nothing, so a failure here cannot lose data and is not reported. */
    @Override
    public void close() {
        try {
            hold.close();
        } catch (Exception e) {
            // Releasing writes nothing: the caller has nothing to do about a failure here.
        }
    }
}
