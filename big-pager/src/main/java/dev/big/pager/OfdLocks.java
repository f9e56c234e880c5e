package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.DatabaseLockedException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Open file description locks (Linux's {@code F_OFD_SETLK}), held on a descriptor of this
 * handle's own that only {@link #close} closes ({@link FileLocks} says why). Every handle is its
 * own lock owner: its pins and write lock conflict with those of every other handle, in this
 * process as in others, so no table of the process's locks is needed, and the writer's question
 * "is a reader older than T?" is asked with {@code F_OFD_GETLK}, which takes nothing and so never
 * makes a reader wait.
 *
 * <p>The handle's I/O channel is opened through {@code /proc/self/fd/N} of the lock descriptor:
 * the very file that is locked, even if the path was renamed or replaced meanwhile.
 */
final class OfdLocks implements FileLocks {

    private static final Path DESCRIPTORS = Path.of("/proc/self/fd");
    /** {@code O_NONBLOCK}: opening a named pipe put where the file was must not wait for a writer. */
    private static final int O_NONBLOCK = 0x800;

    /** Files this process holds the write lock on, only so that a refusal can say the holder is here. */
    private static final Set<Object> WRITERS = ConcurrentHashMap.newKeySet();

    private static volatile Boolean supported;

    private final String name;
    private final int fd;
    private final Path descriptor;
    private final Object fileKey;
    /** Pins by txid: one lock per txid however many reads share it, released with the last one. */
    private final Map<Long, Integer> pins = new HashMap<>();
    private boolean writer;
    private boolean closed;

    private OfdLocks(String name, int fd, Path descriptor, Object fileKey) {
        this.name = name;
        this.fd = fd;
        this.descriptor = descriptor;
        this.fileKey = fileKey;
    }

    /**
     * Opens the lock descriptor of {@code path} (creating the file for {@link OpenMode#CREATE_NEW}),
     * or returns null if this system has no open file description locks.
     */
    static OfdLocks open(Path path, OpenMode mode) throws IOException {
        if (!supported()) {
            return null;
        }
        int flags = O_NONBLOCK | switch (mode) {
            case CREATE_NEW -> Libc.O_RDWR | Libc.O_CREAT | Libc.O_EXCL;
            case READ_WRITE -> Libc.O_RDWR;
            case READ_ONLY -> Libc.O_RDONLY;
        };
        int fd = Libc.open(path.toString(), flags);
        boolean success = false;
        try {
            Path descriptor = DESCRIPTORS.resolve(Integer.toString(fd));
            BasicFileAttributes attributes = Files.readAttributes(descriptor, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                throw new BigException(path + " is not a regular file (it is a directory, a pipe or a device); a big"
                        + " database is a regular file. Check the path.");
            }
            OfdLocks locks = new OfdLocks(path.toString(), fd, descriptor, attributes.fileKey());
            success = true;
            return locks;
        } finally {
            if (!success) {
                Libc.close(fd);
            }
        }
    }

    /** Whether the kernel has open file description locks (Linux 3.15 on) and {@code /proc/self/fd} is there. */
    private static boolean supported() throws IOException {
        Boolean known = supported;
        if (known == null) {
            if (!Files.isDirectory(DESCRIPTORS)) {
                known = false;
            } else {
                int probe = Libc.open(DESCRIPTORS.toString(), Libc.O_RDONLY);
                try {
                    known = Libc.supportsOfdLocks(probe);
                } finally {
                    Libc.close(probe);
                }
            }
            supported = known;
        }
        return known;
    }

    @Override
    public InterruptSafeChannel openChannel(OpenMode mode) throws IOException {
        Set<StandardOpenOption> options = mode.writable()
                ? Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE) : Set.of(StandardOpenOption.READ);
        return new InterruptSafeChannel(name, descriptor, options, FileChannel.open(descriptor, options),
                fresh -> {}, OfdLocks::closeQuietly);
    }

    @Override
    public synchronized void lockForWriting(InterruptSafeChannel channel) throws IOException {
        if (!Libc.setLock(fd, Libc.F_WRLCK, 0, READER_PINS_START)) {
            throw WRITERS.contains(fileKey) ? DatabaseLockedException.inThisProcess(name) : new DatabaseLockedException(name);
        }
        writer = true;
        WRITERS.add(fileKey);
    }

    @Override
    public synchronized boolean tryPin(long txid) throws IOException {
        Integer holders = pins.get(txid);
        if (holders != null) {
            pins.put(txid, holders + 1);
            return true;
        }
        if (!Libc.setLock(fd, Libc.F_RDLCK, READER_PINS_START + txid, 1)) {
            return false;
        }
        pins.put(txid, 1);
        return true;
    }

    @Override
    public synchronized void unpin(long txid) {
        Integer holders = pins.get(txid);
        if (holders == null || closed) {
            return;
        }
        if (holders > 1) {
            pins.put(txid, holders - 1);
            return;
        }
        pins.remove(txid);
        try {
            Libc.setLock(fd, Libc.F_UNLCK, READER_PINS_START + txid, 1);
        } catch (IOException e) {
            // The pin stays until the handle closes: the writer keeps pages a little longer, nothing worse.
        }
    }

    @Override
    public boolean readerOlderThan(InterruptSafeChannel writerChannel, long txid) throws IOException {
        if (txid <= 0) {
            return false;
        }
        return Libc.conflicts(fd, Libc.F_WRLCK, READER_PINS_START, Math.min(txid, MAX_PINNED_TXID));
    }

    @Override
    public void closeChannel(FileChannel channel) {
        closeQuietly(channel);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (writer) {
            WRITERS.remove(fileKey);
        }
        pins.clear();
        Libc.close(fd);
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing was written through it that a sync did not already make durable.
        }
    }
}
