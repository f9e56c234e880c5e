package dev.big.pager;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Locale;

/**
 * The three C library calls the open-file-description locks need ({@code open}, {@code fcntl},
 * {@code close}), bound through the FFM {@link Linker}: the only native code of big. A native
 * call cannot be interrupted, which is the point: a descriptor opened here is closed only by
 * {@link #close}, never by a thread interrupt as a {@code FileChannel} is.
 *
 * <p>Bound only on Linux on x86-64 and AArch64, whose {@code struct flock}, flag and command values
 * are written down here; {@link #available()} is false elsewhere, and when this module may not
 * call native code (the JVM runs with {@code --illegal-native-access=deny}).
 */
final class Libc {

    /** {@code struct flock} on 64-bit Linux: type, whence, start, length, pid. */
    private static final StructLayout FLOCK = MemoryLayout.structLayout(
            JAVA_SHORT.withName("l_type"),
            JAVA_SHORT.withName("l_whence"),
            MemoryLayout.paddingLayout(4),
            JAVA_LONG.withName("l_start"),
            JAVA_LONG.withName("l_len"),
            JAVA_INT.withName("l_pid"),
            MemoryLayout.paddingLayout(4));
    private static final VarHandle L_TYPE = FLOCK.varHandle(MemoryLayout.PathElement.groupElement("l_type"));
    private static final VarHandle L_START = FLOCK.varHandle(MemoryLayout.PathElement.groupElement("l_start"));
    private static final VarHandle L_LEN = FLOCK.varHandle(MemoryLayout.PathElement.groupElement("l_len"));

    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    static final int O_CREAT = 0x40;
    static final int O_EXCL = 0x80;
    /** Not inherited by child processes, which would keep the open file description (and its locks) alive. */
    static final int O_CLOEXEC = 0x80000;

    static final short F_RDLCK = 0;
    static final short F_WRLCK = 1;
    static final short F_UNLCK = 2;
    private static final int F_OFD_GETLK = 36;
    private static final int F_OFD_SETLK = 37;

    private static final int EINTR = 4;
    private static final int ENOENT = 2;
    private static final int EAGAIN = 11;
    private static final int EACCES = 13;
    private static final int EEXIST = 17;
    private static final int EISDIR = 21;
    private static final int EINVAL = 22;

    private static final Bindings BINDINGS = Bindings.bind();

    /** The bound functions, or the reason there are none. */
    private record Bindings(MethodHandle open, MethodHandle fcntl, MethodHandle close, VarHandle errno,
            MemoryLayout captureLayout, String unavailable) {

        // Binding native functions is restricted (it needs --enable-native-access, see README):
        // this is the one place big does it, and bind() falls back when it is not allowed.
        @SuppressWarnings("restricted")
        static Bindings bind() {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            String arch = System.getProperty("os.arch", "");
            if (!os.startsWith("linux") || !(arch.equals("amd64") || arch.equals("aarch64"))) {
                return none("open file description locks are bound on Linux x86-64 and AArch64 only, not " + os + " " + arch);
            }
            try {
                Linker linker = Linker.nativeLinker();
                var libc = linker.defaultLookup();
                Linker.Option errno = Linker.Option.captureCallState("errno");
                StructLayout capture = Linker.Option.captureStateLayout();
                return new Bindings(
                        linker.downcallHandle(libc.find("open").orElseThrow(),
                                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
                                Linker.Option.firstVariadicArg(2), errno),
                        linker.downcallHandle(libc.find("fcntl").orElseThrow(),
                                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS),
                                Linker.Option.firstVariadicArg(2), errno),
                        linker.downcallHandle(libc.find("close").orElseThrow(),
                                FunctionDescriptor.of(JAVA_INT, JAVA_INT)),
                        capture.varHandle(MemoryLayout.PathElement.groupElement("errno")),
                        capture, null);
            } catch (IllegalCallerException | UnsupportedOperationException | java.util.NoSuchElementException e) {
                return none("native calls are not allowed here (" + e.getMessage() + ")");
            }
        }

        private static Bindings none(String why) {
            return new Bindings(null, null, null, null, null, why);
        }
    }

    /** Whether the calls are bound here. */
    static boolean available() {
        return BINDINGS.unavailable == null;
    }

    /** Why the calls are not bound, or null if they are. */
    static String unavailableReason() {
        return BINDINGS.unavailable;
    }

    /** {@code open(path, flags, 0666)}: the new descriptor; errors as the {@code java.nio.file} exceptions. */
    static int open(String path, int flags) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment capture = arena.allocate(BINDINGS.captureLayout);
            MemorySegment cPath = arena.allocateFrom(path);
            while (true) {
                int fd = (int) BINDINGS.open.invokeExact(capture, cPath, flags | O_CLOEXEC, 0666);
                if (fd >= 0) {
                    return fd;
                }
                int errno = errno(capture);
                if (errno != EINTR) {
                    throw openError(path, errno);
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    private static IOException openError(String path, int errno) {
        return switch (errno) {
            case ENOENT -> new NoSuchFileException(path);
            case EEXIST -> new FileAlreadyExistsException(path);
            case EACCES -> new AccessDeniedException(path, null, "Permission denied");
            case EISDIR -> new FileSystemException(path, null, "Is a directory");
            case 20 -> new FileSystemException(path, null, "Not a directory");
            case 23, 24 -> new FileSystemException(path, null, "Too many open files");
            case 30 -> new FileSystemException(path, null, "Read-only file system");
            case 36 -> new FileSystemException(path, null, "File name too long");
            case 40 -> new FileSystemException(path, null, "Too many levels of symbolic links");
            default -> new FileSystemException(path, null, "open failed with errno " + errno);
        };
    }

    /**
     * Takes ({@code F_RDLCK}, {@code F_WRLCK}) or releases ({@code F_UNLCK}) an open file
     * description lock on {@code [start, start + length)}, without waiting: false if another
     * open file description (of this process or another) holds a conflicting lock.
     */
    static boolean setLock(int fd, short type, long start, long length) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment lock = flock(arena, type, start, length);
            MemorySegment capture = arena.allocate(BINDINGS.captureLayout);
            while (true) {
                int result = (int) BINDINGS.fcntl.invokeExact(capture, fd, F_OFD_SETLK, lock);
                if (result == 0) {
                    return true;
                }
                int errno = errno(capture);
                if (errno == EAGAIN || errno == EACCES) {
                    return false;
                }
                if (errno != EINTR) {
                    throw lockError("setting a lock", errno);
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Whether another open file description holds a lock on {@code [start, start + length)} that
     * would conflict with one of {@code type}; takes nothing, so it never stands in anyone's way.
     */
    static boolean conflicts(int fd, short type, long start, long length) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment lock = flock(arena, type, start, length);
            MemorySegment capture = arena.allocate(BINDINGS.captureLayout);
            while (true) {
                int result = (int) BINDINGS.fcntl.invokeExact(capture, fd, F_OFD_GETLK, lock);
                if (result == 0) {
                    return (short) L_TYPE.get(lock, 0L) != F_UNLCK;
                }
                int errno = errno(capture);
                if (errno != EINTR) {
                    throw lockError("testing for a lock", errno);
                }
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /** Whether the kernel has open file description locks (Linux 3.15 and later); false on EINVAL. */
    static boolean supportsOfdLocks(int fd) {
        try {
            conflicts(fd, F_RDLCK, 0, 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static void close(int fd) {
        try {
            int ignored = (int) BINDINGS.close.invokeExact(fd);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    private static MemorySegment flock(Arena arena, short type, long start, long length) {
        MemorySegment lock = arena.allocate(FLOCK); // zeroed: whence SEEK_SET, and l_pid 0 as OFD locks require
        L_TYPE.set(lock, 0L, type);
        L_START.set(lock, 0L, start);
        L_LEN.set(lock, 0L, length);
        return lock;
    }

    private static int errno(MemorySegment capture) {
        return (int) BINDINGS.errno.get(capture, 0L);
    }

    private static IOException lockError(String what, int errno) {
        return new IOException(what + " with fcntl failed with errno " + errno
                + (errno == EINVAL ? " (this kernel has no open file description locks)" : ""));
    }

    private Libc() {}
}
