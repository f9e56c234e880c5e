package dev.big.pager;

import dev.big.page.DatabaseLockedException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The fallback of {@link FileLocks} where the kernel has no open file description locks: POSIX
 * record locks ({@link FileChannel#tryLock}), which belong to the process, not to a descriptor, so
 * this process keeps one table of what it holds on each file.
 *
 * <p>Closing any descriptor of a file drops every POSIX lock the process holds on it, so within
 * this process: a second writer of a locked file is refused from the table, and a channel of a
 * file with any lock held is parked, not closed, until the last lock goes (a refused open, a
 * closed read-only handle and a closed writer all go through here). Java refuses overlapping locks
 * within one JVM, so pins of one snapshot by several handles share one lock, counted here, and the
 * writer's probe covers only pins the table does not already answer for. Files are told apart by
 * their file key (device and inode), whatever path names them.
 *
 * <p>What this cannot prevent: an interrupt that closes a channel mid-I/O drops the process's
 * locks. The write lock is taken again on the reopened channel (if another process took it
 * meanwhile, the operation fails and the store with it); pins of the process stay dropped until
 * their reads end.
 *
 * <p>Every method synchronises on this class, so checking, locking and recording are one step.
 */
final class ProcessLocks {

    private static final class Pin {
        final FileLock lock;
        int holders = 1;

        Pin(FileLock lock) {
            this.lock = lock;
        }
    }

    /** What this process holds on one file. */
    private static final class Held {
        boolean writer;
        final TreeMap<Long, Pin> pins = new TreeMap<>();
        final List<FileChannel> parked = new ArrayList<>();

        boolean anyLock() {
            return writer || !pins.isEmpty();
        }

        boolean unused() {
            return !anyLock() && parked.isEmpty();
        }
    }

    private static final Map<Object, Held> HELD = new HashMap<>();

    static Handle handle(Path path) throws IOException {
        return new Handle(path, fileKey(path));
    }

    /** One pager handle's view of the process's locks on its file. */
    static final class Handle implements FileLocks {

        private final Path path;
        private Object fileKey;
        private InterruptSafeChannel channel;
        private FileLock writeLock;

        private Handle(Path path, Object fileKey) {
            this.path = path;
            this.fileKey = fileKey;
        }

        @Override
        public InterruptSafeChannel openChannel(OpenMode mode) throws IOException {
            Set<StandardOpenOption> options = switch (mode) {
                case CREATE_NEW -> EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
                case READ_WRITE -> EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE);
                case READ_ONLY -> EnumSet.of(StandardOpenOption.READ);
            };
            FileChannel opened = FileChannel.open(path, options);
            synchronized (ProcessLocks.class) {
                if (fileKey == null) {
                    fileKey = fileKey(path);
                }
                channel = new InterruptSafeChannel(path.toString(), path, options, opened, this::reopened,
                        this::closeChannel);
                return channel;
            }
        }

        @Override
        public void lockForWriting(InterruptSafeChannel writer) throws IOException {
            synchronized (ProcessLocks.class) {
                Held held = HELD.get(fileKey);
                if (held != null && held.writer) {
                    throw DatabaseLockedException.inThisProcess(path.toString());
                }
                FileLock lock;
                try {
                    lock = writer.tryLock(0, READER_PINS_START, false);
                } catch (OverlappingFileLockException e) {
                    lock = null;
                }
                if (lock == null) {
                    throw new DatabaseLockedException(path.toString());
                }
                writeLock = lock;
                HELD.computeIfAbsent(fileKey, key -> new Held()).writer = true;
            }
        }

        /** An interrupt closed the channel, and with it every lock of the process: take the write lock again. */
        private void reopened(FileChannel fresh) throws IOException {
            synchronized (ProcessLocks.class) {
                if (writeLock == null) {
                    return;
                }
                FileLock lock;
                try {
                    lock = fresh.tryLock(0, READER_PINS_START, false);
                } catch (OverlappingFileLockException e) {
                    lock = null;
                }
                if (lock == null) {
                    throw new IOException("an interrupt closed the file and dropped its write lock, and another process"
                            + " took the lock meanwhile");
                }
                writeLock = lock;
            }
        }

        @Override
        public boolean tryPin(long txid) throws IOException {
            synchronized (ProcessLocks.class) {
                Held held = HELD.computeIfAbsent(fileKey, key -> new Held());
                Pin pin = held.pins.get(txid);
                if (pin != null) {
                    pin.holders++;
                    return true;
                }
                FileLock lock = null;
                try {
                    lock = channel.tryLock(READER_PINS_START + txid, 1, true);
                } catch (OverlappingFileLockException e) {
                    // a lock of this JVM not taken through here: in the way, as another process's would be
                } finally {
                    if (lock == null && held.unused()) {
                        HELD.remove(fileKey);
                    }
                }
                if (lock == null) {
                    return false;
                }
                held.pins.put(txid, new Pin(lock));
                return true;
            }
        }

        @Override
        public void unpin(long txid) {
            synchronized (ProcessLocks.class) {
                Held held = HELD.get(fileKey);
                Pin pin = held == null ? null : held.pins.get(txid);
                if (pin == null || --pin.holders > 0) {
                    return;
                }
                held.pins.remove(txid);
                release(pin.lock);
                closeParkedIfUnlocked(fileKey, held);
            }
        }

        @Override
        public boolean readerOlderThan(InterruptSafeChannel writer, long txid) throws IOException {
            if (txid <= 0) {
                return false;
            }
            synchronized (ProcessLocks.class) {
                Held held = HELD.get(fileKey);
                if (held != null && !held.pins.headMap(txid, false).isEmpty()) {
                    return true;
                }
                FileLock probe;
                try {
                    probe = writer.tryLock(READER_PINS_START, Math.min(txid, MAX_PINNED_TXID), false);
                } catch (OverlappingFileLockException e) {
                    return true; // another channel in this JVM holds a lock in the range
                }
                if (probe == null) {
                    return true;
                }
                probe.release();
                return false;
            }
        }

        @Override
        public void closeChannel(FileChannel toClose) {
            synchronized (ProcessLocks.class) {
                Held held = fileKey == null ? null : HELD.get(fileKey);
                if (held != null && held.anyLock()) {
                    held.parked.add(toClose);
                    return;
                }
                closeQuietly(toClose);
                if (held != null) {
                    closeParkedIfUnlocked(fileKey, held);
                }
            }
        }

        @Override
        public void close() {
            synchronized (ProcessLocks.class) {
                if (writeLock == null) {
                    return;
                }
                release(writeLock);
                writeLock = null;
                Held held = HELD.get(fileKey);
                if (held != null) {
                    held.writer = false;
                    closeParkedIfUnlocked(fileKey, held);
                }
            }
        }
    }

    private static void release(FileLock lock) {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } catch (IOException ignored) {
            // Its channel is closing, which releases the lock.
        }
    }

    private static void closeParkedIfUnlocked(Object fileKey, Held held) {
        if (held.anyLock()) {
            return;
        }
        HELD.remove(fileKey);
        held.parked.forEach(ProcessLocks::closeQuietly);
        held.parked.clear();
    }

    /** The file key of {@code path} (device and inode on Linux), or null if it does not exist. */
    static Object fileKey(Path path) throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            return attributes.fileKey() != null ? attributes.fileKey() : path.toRealPath();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing was written through this channel that a sync did not already make durable.
        }
    }

    private ProcessLocks() {}
}
