package dev.big.pager;

import dev.big.testing.ChildJvm;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Another process's view of the locks on a file: whether the write lock and the pin of a snapshot
 * are held, asked with plain POSIX locks as any other process (or an older big) would ask. Run as
 * a child JVM by {@link #inspect}.
 */
public final class LockInspector {

    /** Prints "WRITE-LOCKED" or "WRITE-FREE", then "PINNED" or "UNPINNED" for snapshot {@code args[1]}. */
    public static void main(String[] args) throws IOException {
        try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            System.out.println(held(channel, 0, FileLocks.READER_PINS_START) ? "WRITE-LOCKED" : "WRITE-FREE");
            System.out.println(held(channel, FileLocks.READER_PINS_START + Long.parseLong(args[1]), 1) ? "PINNED" : "UNPINNED");
        }
    }

    private static boolean held(FileChannel channel, long position, long size) throws IOException {
        FileLock probe = channel.tryLock(position, size, false);
        if (probe == null) {
            return true;
        }
        probe.release();
        return false;
    }

    /** What another process sees of the locks on {@code file}: the two lines {@link #main} prints. */
    static List<String> inspect(Path file, long txid) throws IOException, InterruptedException {
        Process child = ChildJvm.builder(64, LockInspector.class, file.toString(), Long.toString(txid))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        child.waitFor();
        return output.lines().toList();
    }

    private LockInspector() {}
}
