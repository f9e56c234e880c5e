package dev.big.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The database's write lock, held without opening the database for writing: a long read
 * ({@code check}, {@code export}) takes it so no other process commits meanwhile. Pages a reader in
 * another process still needs are not protected from reuse by that process's writer (only readers
 * in the writer's own process are), so a check or export racing a writer could see a recycled page
 * and report damage that is not there. Opening read-only and holding this lock avoids both that and
 * writing to a file that is being checked.
 */
final class WriterLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private WriterLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * The lock, or null if another process holds it. A file this process cannot write cannot be
     * locked either; then no hold is taken (and none is needed from us).
     */
    static WriterLock tryAcquire(Path file) {
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            return new WriterLock(null, null);
        }
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return null;
            }
            return new WriterLock(channel, lock);
        } catch (OverlappingFileLockException | IOException e) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing was locked; the channel only read the file's metadata.
            }
            return null;
        }
    }

    @Override
    public void close() {
        try {
            if (lock != null) {
                lock.release();
            }
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            // Closing the channel releases the lock in any case.
        }
    }
}
