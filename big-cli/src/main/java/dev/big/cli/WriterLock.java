package dev.big.cli;

import dev.big.pager.MmapPager;
import java.nio.file.Path;

/**
 * The database's write lock, held without opening the database for writing: {@code check} takes
 * it so that no other process commits while it verifies the file. (A read-only handle pins the
 * commit it reads, so a writer would not disturb the check; the lock keeps the report about the
 * file as it stays.)
 */
final class WriterLock implements AutoCloseable {

    private final AutoCloseable hold;

    private WriterLock(AutoCloseable hold) {
        this.hold = hold;
    }

    /** The lock, or null if another process (or handle) holds it. */
    static WriterLock tryAcquire(Path file) {
        AutoCloseable hold = MmapPager.tryHoldWriteLock(file);
        return hold == null ? null : new WriterLock(hold);
    }

    @Override
    public void close() {
        try {
            hold.close();
        } catch (Exception e) {
            // Releasing a lock cannot lose data; closing the channel releases it in any case.
        }
    }
}
