package dev.big.engine.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.log.LogFrames.Frame;
import dev.big.engine.log.LogFrames.Scan;
import dev.big.engine.log.LogFrames.Stop;
import dev.big.page.PageFormat;
import dev.big.pager.LogFile;
import dev.big.pager.OpenMode;
import dev.big.testing.TestDirs;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The frame format: what is appended scans back, and a scan stops exactly before the first frame
 * that a torn write, a flipped bit, an older generation or a txid out of order has spoilt, keeping
 * every frame before it. Seeds are printed on failure; rerun one with {@code -Dbig.seed=}.
 */
class LogFramesTest {

    private static final long CHECKPOINT = 1_000;

    /** A frame as written: its txid, payload and where it went. */
    private record Written(long txid, byte[] payload, long start, long end) {}

    @Test
    void manyFramesScanBackInOrderAndTheScanEndsAtTheZeros() {
        long seed = seed();
        try (LogFile log = LogFile.inMemory("memory-log")) {
            Random random = new Random(seed);
            List<Written> written = appendRandomFrames(log, random, CHECKPOINT, 0, CHECKPOINT, 600);
            Scan scan = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
            assertFrames(written, scan, seed);
            assertEquals(Stop.END, scan.stop(), scan.stoppedBecause());
            assertTrue(scan.endedCleanly());
            assertEquals(written.getLast().end(), scan.end(), "the next frame goes right after the last");
            assertEquals(written.getLast().txid(), scan.lastTxid());
            assertTrue(log.size() > scan.end(), "the log's zero tail lies past the frames: " + log.size());
        } catch (AssertionError e) {
            throw new AssertionError("failed with seed " + seed, e);
        }
    }

    @Test
    void framesInARealFileScanBackAfterReopening() {
        long seed = seed();
        Path database = TestDirs.newDir("log-frames").resolve("db");
        List<Written> written;
        try (LogFile log = LogFile.open(database, OpenMode.READ_WRITE)) {
            written = appendRandomFrames(log, new Random(seed), CHECKPOINT, 0, CHECKPOINT, 300);
            log.force();
        }
        try (LogFile log = LogFile.open(database, OpenMode.READ_ONLY)) {
            Scan scan = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
            assertFrames(written, scan, seed);
            assertEquals(Stop.END, scan.stop(), scan.stoppedBecause());
        } catch (AssertionError e) {
            throw new AssertionError("failed with seed " + seed, e);
        }
    }

    @Test
    void anEmptyLogHasNoFrames() {
        try (LogFile log = LogFile.inMemory("memory-log")) {
            Scan scan = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
            assertEquals(List.of(), scan.frames());
            assertEquals(0, scan.end());
            assertEquals(CHECKPOINT, scan.lastTxid());
            assertEquals(Stop.END, scan.stop());
        }
    }

    @Test
    void aScanFromAnEarlierScansEndFindsOnlyTheFramesWrittenSince() {
        long seed = seed();
        try (LogFile log = LogFile.inMemory("memory-log")) {
            Random random = new Random(seed);
            List<Written> first = appendRandomFrames(log, random, CHECKPOINT, 0, CHECKPOINT, 20);
            Scan before = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
            List<Written> later = appendRandomFrames(log, random, CHECKPOINT, before.end(), before.lastTxid(), 15);
            Scan after = LogFrames.scan(log, CHECKPOINT, before.end(), before.lastTxid());
            assertFrames(later, after, seed);
            assertEquals(first.size() + later.size(), LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT).frames().size());

            Written middle = first.get(9);
            Scan fromMiddle = LogFrames.scan(log, CHECKPOINT, middle.end(), middle.txid());
            assertEquals(first.get(10).txid(), fromMiddle.frames().getFirst().txid(), "from a frame's end, the next");
            assertEquals(first.size() + later.size() - 10, fromMiddle.frames().size());
        } catch (AssertionError e) {
            throw new AssertionError("failed with seed " + seed, e);
        }
    }

    /**
     * The last frame written only in part, at every length from nothing to all but its last byte,
     * into the log's zero tail and at the very end of a log cut short. Into zeros, a prefix that
     * lacks only zeros (padding, or a payload ending in zero bytes) is the whole frame, and must
     * scan as one.
     */
    @Test
    void aFrameTornAtAnyByteEndsTheScanBeforeIt() {
        long seed = seed();
        Random random = new Random(seed);
        byte[] payload = randomPayload(random, 1 + random.nextInt(200));
        for (int kept = 0; kept < LogFrames.encodedLength(payload.length); kept++) {
            try (LogFile intoZeros = LogFile.inMemory("zeros"); LogFile cutShort = LogFile.inMemory("cut")) {
                for (LogFile log : List.of(intoZeros, cutShort)) {
                    List<Written> written = appendRandomFrames(log, new Random(seed), CHECKPOINT, 0, CHECKPOINT, 5);
                    byte[] frame = LogFrames.encode(CHECKPOINT, written.getLast().txid() + 1, payload);
                    log.write(written.getLast().end(), frame, 0, kept);
                    if (log == cutShort) {
                        log.truncate(written.getLast().end() + kept);
                    }
                    Scan scan = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
                    String context = log.name() + ", " + kept + " bytes kept, seed " + seed + ": " + scan.stoppedBecause();
                    if (log == intoZeros && isZero(frame, kept, frame.length)) {
                        List<Written> whole = new ArrayList<>(written);
                        whole.add(new Written(written.getLast().txid() + 1, payload, written.getLast().end(),
                                written.getLast().end() + frame.length));
                        assertFrames(whole, scan, seed);
                        assertEquals(Stop.END, scan.stop(), context);
                        continue;
                    }
                    assertFrames(written, scan, seed);
                    assertEquals(written.getLast().end(), scan.end(), context);
                    assertEquals(kept == 0, scan.endedCleanly(), context);
                }
            }
        }
    }

    /** Any one bit of the last frame flipped, header, payload or padding: the scan keeps exactly the frames before it. */
    @Test
    void everyBitFlippedInTheLastFrameEndsTheScanBeforeIt() {
        long seed = seed();
        Random random = new Random(seed);
        try (LogFile log = LogFile.inMemory("memory-log")) {
            List<Written> before = appendRandomFrames(log, random, CHECKPOINT, 0, CHECKPOINT, 3);
            // A small last frame: every bit of it is flipped in turn, and each flip rescans the log.
            byte[] payload = randomPayload(random, 1 + random.nextInt(100));
            long txid = before.getLast().txid() + 1;
            long start = before.getLast().end();
            Written last = new Written(txid, payload, start,
                    LogFrames.append(log, start, LogFrames.encode(CHECKPOINT, txid, payload)));
            List<Written> written = new ArrayList<>(before);
            written.add(last);
            int frameBytes = (int) (last.end() - last.start());
            assertTrue(frameBytes % LogFrames.ALIGNMENT_BYTES == 0);
            byte[] original = read(log, last.start(), frameBytes);
            for (int bit = 0; bit < frameBytes * 8; bit++) {
                byte[] flipped = original.clone();
                flipped[bit / 8] ^= (byte) (1 << (bit % 8));
                log.write(last.start(), flipped, 0, frameBytes);
                Scan scan = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
                String context = "bit " + bit + ", seed " + seed + ": " + scan.stoppedBecause();
                assertFrames(before, scan, seed);
                assertEquals(last.start(), scan.end(), context);
                assertTrue(!scan.endedCleanly(), context);
            }
            log.write(last.start(), original, 0, frameBytes);
            assertFrames(written, LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT), seed);
        } catch (AssertionError e) {
            throw new AssertionError("failed with seed " + seed, e);
        }
    }

    /**
     * A checkpoint rewrites the log from offset 0 with a generation shorter than the one before:
     * past its last frame lie intact frames of the older one, which must not be read as its own.
     */
    @Test
    void aShorterNewGenerationEndsBeforeTheOlderGenerationsFrames() {
        long seed = seed();
        Random random = new Random(seed);
        try (LogFile log = LogFile.inMemory("memory-log")) {
            List<Written> older = appendRandomFrames(log, random, CHECKPOINT, 0, CHECKPOINT, 10);
            long checkpoint = older.getLast().txid();
            // The new generation's first frames take the same room as the older ones, so a frame boundary of the
            // new generation meets the start of an intact older frame.
            long offset = 0;
            List<Written> newer = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                byte[] payload = randomPayload(random, older.get(i).payload().length);
                long txid = checkpoint + 1 + i;
                long end = LogFrames.append(log, offset, LogFrames.encode(checkpoint, txid, payload));
                newer.add(new Written(txid, payload, offset, end));
                offset = end;
            }
            assertEquals(older.get(3).start(), offset, "the newer generation ends where an older frame starts");
            Scan scan = LogFrames.scan(log, checkpoint, 0, checkpoint);
            assertFrames(newer, scan, seed);
            assertEquals(Stop.OTHER_GENERATION, scan.stop(), scan.stoppedBecause());
            assertTrue(scan.stoppedBecause().contains("follows checkpoint " + CHECKPOINT), scan.stoppedBecause());

            // An older frame of a txid above the newer generation's: only its generation tells it apart.
            LogFrames.append(log, offset, LogFrames.encode(CHECKPOINT, checkpoint + 50, randomPayload(random, 40)));
            Scan again = LogFrames.scan(log, checkpoint, 0, checkpoint);
            assertFrames(newer, again, seed);
            assertEquals(Stop.OTHER_GENERATION, again.stop(), again.stoppedBecause());

            // The older generation still scans as itself up to where the newer one overwrote it: not at all.
            assertEquals(Stop.OTHER_GENERATION, LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT).stop());
        } catch (AssertionError e) {
            throw new AssertionError("failed with seed " + seed, e);
        }
    }

    @Test
    void aShorterNewGenerationEndingInsideAnOlderFrameStopsThere() {
        long seed = seed();
        Random random = new Random(seed);
        for (int round = 0; round < 50; round++) {
            try (LogFile log = LogFile.inMemory("memory-log")) {
                List<Written> older = appendRandomFrames(log, random, CHECKPOINT, 0, CHECKPOINT, 12);
                long checkpoint = older.getLast().txid();
                List<Written> newer = appendRandomFrames(log, random, checkpoint, 0, checkpoint, 1 + random.nextInt(5));
                Scan scan = LogFrames.scan(log, checkpoint, 0, checkpoint);
                assertFrames(newer, scan, seed);
                boolean olderBytesFollow = newer.getLast().end() < older.getLast().end();
                assertEquals(olderBytesFollow, !scan.endedCleanly(),
                        "round " + round + ", seed " + seed + ": " + scan.stoppedBecause());
            }
        }
    }

    @Test
    void aTxidThatDoesNotRiseEndsTheScan() {
        try (LogFile log = LogFile.inMemory("memory-log")) {
            long end = 0;
            long[] txids = {CHECKPOINT + 1, CHECKPOINT + 5, CHECKPOINT + 5, CHECKPOINT + 6};
            for (long txid : txids) {
                end = LogFrames.append(log, end, LogFrames.encode(CHECKPOINT, txid, new byte[] {(byte) txid}));
            }
            Scan scan = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
            assertEquals(List.of(CHECKPOINT + 1, CHECKPOINT + 5), txids(scan));
            assertEquals(Stop.TXID_NOT_INCREASING, scan.stop(), scan.stoppedBecause());
            assertEquals(scan.frames().getLast().end(), scan.end());

            Scan afterTheFirst = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT + 1);
            assertEquals(List.of(), txids(afterTheFirst), "the first frame must rise above the txid given");
            assertEquals(Stop.TXID_NOT_INCREASING, afterTheFirst.stop());

            long falling = LogFrames.append(log, 0, LogFrames.encode(CHECKPOINT, CHECKPOINT + 9, new byte[] {1}));
            LogFrames.append(log, falling, LogFrames.encode(CHECKPOINT, CHECKPOINT + 8, new byte[] {2}));
            assertEquals(List.of(CHECKPOINT + 9), txids(LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT)));
        }
    }

    @Test
    void aLengthBeyondTheLimitOrTheLogEndsTheScan() {
        try (LogFile log = LogFile.inMemory("memory-log")) {
            long end = LogFrames.append(log, 0, LogFrames.encode(CHECKPOINT, CHECKPOINT + 1, new byte[] {1}));
            byte[] frame = LogFrames.encode(CHECKPOINT, CHECKPOINT + 2, new byte[] {2});
            MemorySegment.ofArray(frame).set(PageFormat.LE_INT, LogFrames.LENGTH_OFFSET,
                    LogFrames.MAX_PAYLOAD_BYTES + 1);
            log.write(end, frame, 0, frame.length);
            Scan scan = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
            assertEquals(1, scan.frames().size());
            assertEquals(Stop.BAD_LENGTH, scan.stop(), scan.stoppedBecause());

            MemorySegment.ofArray(frame).set(PageFormat.LE_INT, LogFrames.LENGTH_OFFSET,
                    (int) log.size());
            log.write(end, frame, 0, frame.length);
            Scan past = LogFrames.scan(log, CHECKPOINT, 0, CHECKPOINT);
            assertEquals(1, past.frames().size());
            assertEquals(Stop.TRUNCATED, past.stop(), past.stoppedBecause());
        }
    }

    @Test
    void encodeAndAppendRefuseWhatIsNotAFrame() {
        assertThrows(IllegalArgumentException.class, () -> LogFrames.encode(CHECKPOINT, CHECKPOINT + 1, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> LogFrames.encode(CHECKPOINT, CHECKPOINT, new byte[1]));
        try (LogFile log = LogFile.inMemory("memory-log")) {
            byte[] frame = LogFrames.encode(CHECKPOINT, CHECKPOINT + 1, new byte[3]);
            assertEquals(LogFrames.HEADER_BYTES + 8, frame.length);
            assertThrows(IllegalArgumentException.class, () -> LogFrames.append(log, 4, frame));
            assertThrows(IllegalArgumentException.class, () -> LogFrames.append(log, 0, new byte[40]));
            assertThrows(IllegalArgumentException.class, () -> LogFrames.scan(log, CHECKPOINT, 12, CHECKPOINT));
        }
    }

    /** Appends {@code count} frames of random sizes (now and then past the scan's read window) from {@code offset}. */
    private static List<Written> appendRandomFrames(LogFile log, Random random, long baseTxid, long offset,
            long afterTxid, int count) {
        List<Written> written = new ArrayList<>();
        long txid = afterTxid;
        for (int i = 0; i < count; i++) {
            txid += 1 + random.nextInt(3);
            int length = random.nextInt(50) == 0 ? 1 + random.nextInt(200_000)
                    : 1 + random.nextInt(random.nextBoolean() ? 16 : 3_000);
            byte[] payload = randomPayload(random, length);
            long end = LogFrames.append(log, offset, LogFrames.encode(baseTxid, txid, payload));
            assertEquals(offset + LogFrames.encodedLength(length), end);
            written.add(new Written(txid, payload, offset, end));
            offset = end;
        }
        return written;
    }

    private static void assertFrames(List<Written> expected, Scan scan, long seed) {
        String context = "seed " + seed + ", stopped because " + scan.stoppedBecause();
        assertEquals(expected.size(), scan.frames().size(), context);
        for (int i = 0; i < expected.size(); i++) {
            Written want = expected.get(i);
            Frame got = scan.frames().get(i);
            assertEquals(want.txid(), got.txid(), context);
            assertEquals(want.start(), got.start(), context);
            assertEquals(want.end(), got.end(), context);
            assertArrayEquals(want.payload(), got.payload(), context);
        }
    }

    private static boolean isZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static List<Long> txids(Scan scan) {
        return scan.frames().stream().map(Frame::txid).toList();
    }

    private static byte[] read(LogFile log, long offset, int length) {
        byte[] bytes = new byte[length];
        assertEquals(length, log.read(offset, bytes, 0, length));
        return bytes;
    }

    private static byte[] randomPayload(Random random, int length) {
        byte[] payload = new byte[length];
        random.nextBytes(payload);
        return payload;
    }

    private static long seed() {
        return Long.getLong("big.seed", System.nanoTime());
    }
}
