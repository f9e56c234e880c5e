package dev.big.bench.pager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import net.openhft.hashing.LongHashFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What {@link VerifyBitmapBenchmark} measures is a real verification, with and without the memo. */
class VerifyBitmapBenchmarkTest {

    private final VerifyBitmapBenchmark benchmark = new VerifyBitmapBenchmark();

    @ParameterizedTest(name = "memo={0}")
    @ValueSource(booleans = {true, false})
    void acceptsThePagesChecksumAndRejectsAnyOther(boolean memo) {
        VerifiedBitmapPage state = open(memo);
        try {
            byte[] bytes = state.page.toArray(ValueLayout.JAVA_BYTE);
            assertEquals(LongHashFunction.xx3().hashBytes(bytes), state.expectedChecksum,
                    "the expected checksum is the xxHash3 of the page's bytes");
            assertTrue(benchmark.verifyVerifiedPage(state));
            assertTrue(benchmark.verifyVerifiedPage(state), "a second verification agrees with the first");
            long right = state.expectedChecksum;
            state.expectedChecksum = right ^ 1;
            assertFalse(benchmark.verifyVerifiedPage(state), "a checksum one bit off is rejected");
            state.expectedChecksum = right;
            assertTrue(benchmark.verifyVerifiedPage(state));
        } finally {
            state.close();
        }
    }

    /**
     * Changes the page's bytes behind the pager's back (a write through another channel, which the
     * copy-on-write engine never does): the memo variant still says yes because it did not hash,
     * the other says no because it did. So the two variants measure different work.
     */
    @Test
    void onlyTheMemoVariantSkipsTheHash() throws IOException {
        VerifiedBitmapPage withMemo = open(true);
        VerifiedBitmapPage withoutMemo = open(false);
        try {
            corruptFirstByte(Path.of(withMemo.pager.name()));
            corruptFirstByte(Path.of(withoutMemo.pager.name()));
            assertTrue(benchmark.verifyVerifiedPage(withMemo), "memo hit: the changed bytes were not hashed");
            assertFalse(benchmark.verifyVerifiedPage(withoutMemo), "no memo: the changed bytes were hashed");
        } finally {
            withMemo.close();
            withoutMemo.close();
        }
    }

    private static VerifiedBitmapPage open(boolean memo) {
        VerifiedBitmapPage state = new VerifiedBitmapPage();
        state.memo = memo;
        state.seed = 42;
        state.open();
        return state;
    }

    private static void corruptFirstByte(Path file) throws IOException {
        long offset = RandomBitmapPage.PAGE_NUMBER * 8192;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.flip();
            ByteBuffer flipped = ByteBuffer.wrap(new byte[] {(byte) ~one.get()});
            channel.write(flipped, offset);
        }
    }
}
