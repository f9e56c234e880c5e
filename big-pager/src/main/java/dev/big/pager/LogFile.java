package dev.big.pager;

import java.nio.file.Path;

/**
 * The bytes of a database's write log: a sidecar file beside the database file that small
 * commits append to and make durable with one {@link #force} (fdatasync), instead of writing and
 * syncing pages. What the bytes mean (frames, generations, checksums) is the engine's business;
 * this is only positional I/O on one file, safe against thread interrupts as the pager is.
 *
 * <p>A writable log grows in zero-filled steps of at least 1 MiB and is
 * flushed completely ({@code force(true)}) after each step, so the per-commit {@link #force} has
 * only data to flush, never the file's size or block map. {@link #size()} therefore reports the
 * allocated length, zero tail included: whatever reads the log must recognise its end by the
 * zeros, not by the size.
 *
 * <p>The log has no locks of its own. One process writes it: the one holding the database file's
 * write lock, which opens the log only after taking that lock. Readers in other processes open
 * it read-only and follow it ({@link #size()} looks again for the file each time).
 */
public interface LogFile extends AutoCloseable {

    /** What is appended to the database file's name to name its log. */
    String SUFFIX = "-log";

    /** The log of database file {@code database}: in the same directory, named as it with {@link #SUFFIX} appended. */
    static Path pathFor(Path database) {
        Path name = database.getFileName();
        if (name == null) {
            throw new IllegalArgumentException(database + " names no file; a database's log lives beside a database file");
        }
        return database.resolveSibling(name + SUFFIX);
    }

    /**
     * Opens the log of database file {@code database} ({@link #pathFor}). {@link OpenMode#READ_WRITE}
     * creates it if absent. {@link OpenMode#CREATE_NEW} empties a log that exists: the database is
     * new, so such a log was left by a deleted database of the same name and must never be read as
     * this one's. {@link OpenMode#READ_ONLY} never creates it: an absent log reads as empty until a
     * writer creates it, and {@link #size()} finds it then (and finds a new file that replaced it).
     */
    static LogFile open(Path database, OpenMode mode) {
        return ChannelLogFile.open(pathFor(database), mode);
    }

    /** A log in memory, for tests and for stores that live in memory; {@code name} is for messages. */
    static LogFile inMemory(String name) {
        return new MemoryLogFile(name);
    }

    /** The log's name (its path, for a file), for messages. */
    String name();

    /** Whether writes, forces, truncation and deletion are refused. */
    boolean readOnly();

    /**
     * The length of the log in bytes, zero-filled tail included. A read-only handle asks the file
     * system each time, so it sees the writer's growth and a log created or replaced since it opened.
     */
    long size();

    /** Writes {@code length} bytes of {@code bytes} from {@code from} at {@code offset}, growing the log as needed. */
    void write(long offset, byte[] bytes, int from, int length);

    /**
     * Reads up to {@code length} bytes at {@code offset} into {@code into} from {@code from}; returns
     * how many it read, fewer than asked only where the log ends (0 at or past the end).
     */
    int read(long offset, byte[] into, int from, int length);

    /** Makes every write so far durable: the file's data, not its metadata ({@code FileChannel.force(false)}, fdatasync). */
    void force();

    /**
     * Cuts the log to {@code size} bytes (0 empties it), for a database closed cleanly with nothing
     * left to replay. Durable after the next {@link #force} (fdatasync flushes a size change); the
     * next write past the new end grows the log again in zero-filled steps.
     */
    void truncate(long size);

    /** Closes the log and deletes its file, on a clean close of the database; a read-only log is left as it is. */
    void delete();

    /** Closes the log; every later call but {@code close} fails. */
    @Override
    void close();

    /**
     * {@code log} with a close that leaves it open and a delete that empties it: for a log that
     * lives as long as what holds it (a pager in memory).
     */
    static LogFile unclosed(LogFile log) {
        return new LogFile() {
            @Override
            public String name() {
                return log.name();
            }

            @Override
            public boolean readOnly() {
                return log.readOnly();
            }

            @Override
            public long size() {
                return log.size();
            }

            @Override
            public void write(long offset, byte[] bytes, int from, int length) {
                log.write(offset, bytes, from, length);
            }

            @Override
            public int read(long offset, byte[] into, int from, int length) {
                return log.read(offset, into, from, length);
            }

            @Override
            public void force() {
                log.force();
            }

            @Override
            public void truncate(long size) {
                log.truncate(size);
            }

            @Override
            public void delete() {
                log.truncate(0); // emptied, but the holder's to delete and close
            }

            @Override
            public void close() {
                // the holder's to close
            }
        };
    }
}
