package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.testing.TestDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An interrupt closes a {@link FileChannel} for every thread of the process: the thread that was
 * not interrupted must still get its read (the multi-process battery once saw a read-only
 * handle's mapping fail with ClosedChannelException while a writer thread was being interrupted).
 */
class InterruptSafeChannelTest {

    private static final Set<StandardOpenOption> READ = Set.of(StandardOpenOption.READ);

    @Test
    void aThreadThatWasNotInterruptedReopensAChannelClosedUnderIt() throws IOException {
        Path file = file();
        AtomicInteger reopens = new AtomicInteger();
        try (InterruptSafeChannel channel = open(file, reopens)) {
            // What another thread's interrupt does to the channel all threads share.
            channel.run(c -> {
                c.close();
                return null;
            });
            assertEquals(8192, channel.size(), "the read of a thread that was not interrupted");
            assertEquals(8192, channel.map(0, 8192, java.lang.foreign.Arena.ofAuto()).byteSize());
            assertEquals(1, reopens.get(), "reopened once");
            assertFalse(Thread.currentThread().isInterrupted(), "no interrupt status is invented");
        }
    }

    @Test
    void aClosedHandleIsNotReopened() throws IOException {
        AtomicInteger reopens = new AtomicInteger();
        InterruptSafeChannel channel = open(file(), reopens);
        channel.close();
        assertThrows(ClosedChannelException.class, channel::size);
        assertEquals(0, reopens.get());
    }

    private static Path file() throws IOException {
        Path file = TestDirs.newDir("interrupt-safe").resolve("file.bin");
        Files.write(file, new byte[8192]);
        return file;
    }

    private static InterruptSafeChannel open(Path file, AtomicInteger reopens) throws IOException {
        return new InterruptSafeChannel(file.toString(), file, READ, FileChannel.open(file, READ),
                fresh -> reopens.incrementAndGet(), c -> {
                    try {
                        c.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }
}
