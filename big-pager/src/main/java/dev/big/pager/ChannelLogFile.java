package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import dev.big.page.StorageException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Set;

/**
 * A write log in a file, through an {@link InterruptSafeChannel}: an interrupted thread's write or
 * force reopens the channel and succeeds, and the thread keeps its interrupt status.
 *
 * <p>A writable log tracks its allocated length and grows it by writing zeros ({@link LogGrowth}),
 * then forces data and metadata once. Zeros, not a sparse extension: writing into a hole
 * allocates blocks, and fdatasync would then have to flush the block map with every commit.
 *
 * <p>A read-only log may find no file, or a file that the writer deletes (on a clean close) and a
 * later writer creates again, under the same name but as another file. {@link #size()} looks each
 * time, by the file's identity (device and inode where the platform gives them), and switches to
 * the file now there; a read that was under way on the old file reads the new one instead.
 */
final class ChannelLogFile implements LogFile {

    private static final Set<StandardOpenOption> WRITE_OPTIONS =
            Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE);
    private static final Set<StandardOpenOption> READ_OPTIONS = Set.of(StandardOpenOption.READ);

    /** Zeros to grow the log with, a chunk per write; read-only, so threads can share it. */
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(64 * 1024).asReadOnlyBuffer();

    /** The identity of a path that names no file (a file's key may itself be null where the platform has none). */
    private static final Object ABSENT = new Object();

    /** A channel on the file and the file's identity when it was opened. */
    private record Opened(InterruptSafeChannel channel, Object fileKey) {}

    private final Path path;
    private final String name;
    private final OpenMode mode;
    /** Null only for a read-only log whose file does not exist (as of the last look). */
    private volatile Opened opened;
    /** A writable log's length, zero tail included; changed under this object's monitor. */
    private volatile long allocated;
    private volatile boolean closed;

    private ChannelLogFile(Path path, OpenMode mode) {
        this.path = path;
        this.name = path.toString();
        this.mode = mode;
    }

    static ChannelLogFile open(Path path, OpenMode mode) {
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new BigException(path + " is not a regular file (it is a directory, a pipe or a device); a database's"
                    + " write log is a regular file. Move it away, then open the database again.");
        }
        ChannelLogFile log = new ChannelLogFile(path, mode);
        if (!mode.writable()) {
            log.lookAgain();
            return log;
        }
        InterruptSafeChannel channel = null;
        try {
            channel = wrap(path, WRITE_OPTIONS, FileChannel.open(path, WRITE_OPTIONS));
            log.opened = new Opened(channel, null);
            log.allocated = channel.size();
            if (mode == OpenMode.CREATE_NEW && log.allocated > 0) {
                channel.truncate(0);
                forceAll(channel);
                log.allocated = 0;
            }
            channel = null;
            return log;
        } catch (AccessDeniedException e) {
            throw new BigException(path + " cannot be created or written (permission denied); a writer of the database"
                    + " needs write access to its directory. Grant it, or open the database read-only.");
        } catch (IOException e) {
            throw new StorageException(path.toString(), "opening the write log", e);
        } finally {
            if (channel != null) {
                channel.close();
            }
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean readOnly() {
        return !mode.writable();
    }

    @Override
    public long size() {
        ensureOpen();
        if (mode.writable()) {
            return allocated;
        }
        while (true) {
            Opened current = lookAgain();
            if (current == null) {
                return 0;
            }
            try {
                return current.channel.size();
            } catch (ClosedChannelException e) {
                retryIfReplaced(current, e, "reading the size");
            } catch (IOException e) {
                throw new StorageException(name, "reading the size", e);
            }
        }
    }

    @Override
    public void write(long offset, byte[] bytes, int from, int length) {
        Objects.checkFromIndexSize(from, length, bytes.length);
        if (offset < 0) {
            throw new IllegalArgumentException("offset " + offset + " is negative");
        }
        InterruptSafeChannel channel = writableChannel();
        long end = Math.addExact(offset, length);
        if (end > allocated) {
            grow(channel, end);
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes, from, length);
        long position = offset;
        try {
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
        } catch (IOException e) {
            throw new StorageException(name, "writing " + length + " bytes at offset " + offset, e);
        }
    }

    /** Extends the log with zeros so its first {@code end} bytes exist, and forces the extension. */
    private synchronized void grow(InterruptSafeChannel channel, long end) {
        long from = allocated;
        if (end <= from) {
            return;
        }
        long to = LogGrowth.grownSize(from, end);
        try {
            long position = from;
            while (position < to) {
                ByteBuffer zeros = ZEROS.slice(0, (int) Math.min(ZEROS.capacity(), to - position));
                while (zeros.hasRemaining()) {
                    position += channel.write(zeros, position);
                }
            }
            forceAll(channel);
        } catch (IOException e) {
            // A partial extension is harmless: it holds zeros, and the next write past the end grows again from here.
            throw new StorageException(name, "growing the write log from " + from + " to " + to + " bytes (for a write"
                    + " ending at " + end + ")", e);
        }
        allocated = to;
    }

    @Override
    public int read(long offset, byte[] into, int from, int length) {
        Objects.checkFromIndexSize(from, length, into.length);
        if (offset < 0) {
            throw new IllegalArgumentException("offset " + offset + " is negative");
        }
        ensureOpen();
        while (true) {
            Opened current = opened;
            if (current == null) {
                return 0;
            }
            try {
                return readFully(current.channel, offset, into, from, length);
            } catch (ClosedChannelException e) {
                retryIfReplaced(current, e, "reading " + length + " bytes at offset " + offset);
            } catch (IOException e) {
                throw new StorageException(name, "reading " + length + " bytes at offset " + offset, e);
            }
        }
    }

    private static int readFully(InterruptSafeChannel channel, long offset, byte[] into, int from, int length)
            throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(into, from, length);
        while (buffer.hasRemaining()) {
            int start = buffer.position();
            long position = offset + (start - from);
            int read = channel.run(c -> {
                buffer.position(start);
                return c.read(buffer, position);
            });
            if (read < 0) {
                break;
            }
        }
        return buffer.position() - from;
    }

    @Override
    public void force() {
        InterruptSafeChannel channel = writableChannel();
        try {
            channel.force();
        } catch (IOException e) {
            throw new StorageException(name, "sync (fdatasync) of the write log", e);
        }
    }

    @Override
    public synchronized void truncate(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("size " + size + " is negative");
        }
        InterruptSafeChannel channel = writableChannel();
        if (size >= allocated) {
            return;
        }
        try {
            channel.truncate(size);
        } catch (IOException e) {
            throw new StorageException(name, "truncating the write log to " + size + " bytes", e);
        }
        allocated = size;
    }

    @Override
    public void delete() {
        if (!mode.writable()) {
            return;
        }
        close();
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new StorageException(name, "deleting the write log", e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        Opened current = opened;
        opened = null;
        if (current != null) {
            current.channel.close();
        }
    }

    /**
     * For a read-only log: the file now at the path, opened if it is not the one open already
     * (the one open is closed then), or null if there is none.
     */
    private synchronized Opened lookAgain() {
        ensureOpen();
        Opened current = opened;
        Object key;
        try {
            key = fileKey(path);
            if (current != null && Objects.equals(key, current.fileKey)) {
                return current;
            }
            Opened fresh = key == ABSENT ? null : openReadOnly(path);
            opened = fresh;
            if (current != null) {
                current.channel.close();
            }
            return fresh;
        } catch (IOException e) {
            throw new StorageException(name, "looking for the write log", e);
        }
    }

    /**
     * Opens the file at {@code path} read-only with its identity, or returns null if there is
     * none. The identity is read before and after opening: if they differ, the file was replaced
     * meanwhile and the channel may be on either, so it opens again.
     */
    private static Opened openReadOnly(Path path) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Object before = fileKey(path);
            if (before == ABSENT) {
                return null;
            }
            FileChannel channel;
            try {
                channel = FileChannel.open(path, READ_OPTIONS);
            } catch (NoSuchFileException e) {
                return null;
            }
            if (Objects.equals(before, fileKey(path)) || attempt >= 3) {
                return new Opened(wrap(path, READ_OPTIONS, channel), before);
            }
            closeQuietly(channel);
        }
    }

    private static Object fileKey(Path path) throws IOException {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        } catch (NoSuchFileException e) {
            return ABSENT;
        }
    }

    /**
     * A read-only log's channel was closed under a read: if {@link #lookAgain} replaced it, the
     * caller retries on the new one; otherwise the log itself was closed, or the channel failed.
     */
    private void retryIfReplaced(Opened used, ClosedChannelException e, String operation) {
        ensureOpen();
        if (opened == used) {
            throw new StorageException(name, operation, e);
        }
    }

    private static InterruptSafeChannel wrap(Path path, Set<StandardOpenOption> options, FileChannel channel) {
        return new InterruptSafeChannel(path.toString(), path, options, channel, fresh -> {},
                ChannelLogFile::closeQuietly);
    }

    /** Forces data and metadata: after growth or truncation, the file's length is what must reach the disk. */
    private static void forceAll(InterruptSafeChannel channel) throws IOException {
        channel.run(c -> {
            c.force(true);
            return null;
        });
    }

    private InterruptSafeChannel writableChannel() {
        ensureOpen();
        if (!mode.writable()) {
            throw new BigException(name + " is open read-only; open the database read-write to write its log.");
        }
        Opened current = opened;
        if (current == null) {
            throw new DatabaseClosedException(name);
        }
        return current.channel;
    }

    private void ensureOpen() {
        if (closed) {
            throw new DatabaseClosedException(name);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Closing only releases the descriptor; a failure leaves nothing to undo.
        }
    }
}
