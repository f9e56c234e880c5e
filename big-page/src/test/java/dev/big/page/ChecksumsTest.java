package dev.big.page;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import net.openhft.hashing.LongHashFunction;
import org.junit.jupiter.api.Test;

/**
 * The checksum is part of the file format. It is computed by hash4j since the build that dropped
 * zero-allocation-hashing (which every existing file was written with): both must give the same
 * value for every input, through every path (mapped memory, heap bytes, heap longs, slices), or
 * existing files would read as corrupt.
 */
class ChecksumsTest {

    /** The hash every file before hash4j was written with, kept as the reference (test scope only). */
    private static final LongHashFunction WRITTEN_WITH = LongHashFunction.xx3();

    @Test
    void everyPathOfAPageEqualsTheHashFilesWereWrittenWith() {
        Random random = new Random(17);
        try (Arena arena = Arena.ofConfined()) {
            for (int trial = 0; trial < 300; trial++) {
                byte[] bytes = new byte[PageFormat.PAGE_SIZE_BYTES * 2];
                random.nextBytes(bytes);
                long[] longs = new long[bytes.length / 8];
                MemorySegment.ofArray(longs).copyFrom(MemorySegment.ofArray(bytes));
                MemorySegment direct = arena.allocate(bytes.length, 8);
                direct.copyFrom(MemorySegment.ofArray(bytes));
                int pageStart = random.nextBoolean() ? 0 : PageFormat.PAGE_SIZE_BYTES;
                long offset = switch (trial % 3) {
                    case 0 -> 0;
                    case 1 -> PageHeader.HASHED_FROM;
                    default -> random.nextInt(64);
                };
                long length = PageFormat.PAGE_SIZE_BYTES - offset - (trial % 5 == 0 ? random.nextInt(9) : 0);
                long expected = WRITTEN_WITH.hashBytes(bytes, (int) (pageStart + offset), (int) length);
                MemorySegment heapBytes = MemorySegment.ofArray(bytes).asSlice(pageStart, PageFormat.PAGE_SIZE_BYTES);
                assertEquals(expected, Checksums.xxh3(heapBytes, offset, length), "heap bytes");
                assertEquals(expected, Checksums.xxh3(MemorySegment.ofArray(longs).asSlice(pageStart, PageFormat.PAGE_SIZE_BYTES),
                        offset, length), "heap longs");
                assertEquals(expected, Checksums.xxh3(direct.asSlice(pageStart, PageFormat.PAGE_SIZE_BYTES), offset, length), "native");
            }
        }
    }

    /**
     * Export blocks, dictionaries and set ids hash byte arrays of any length: every length up to
     * 4 KiB (XXH3 has separate code for 0–16, 17–128, 129–240 bytes and longer, with stripes of 64
     * and blocks of 1,024), then random lengths up to 1 MiB, at random offsets.
     */
    @Test
    void everyLengthEqualsTheHashFilesWereWrittenWith() {
        Random random = new Random(23);
        byte[] bytes = new byte[(1 << 20) + 64];
        random.nextBytes(bytes);
        for (int length = 0; length <= 4096; length++) {
            int offset = random.nextInt(64);
            assertEquals(WRITTEN_WITH.hashBytes(bytes, offset, length), Checksums.xxh3(bytes, offset, length), "length " + length);
        }
        for (int trial = 0; trial < 200; trial++) {
            int length = random.nextInt(1 << 20);
            int offset = random.nextInt(64);
            assertEquals(WRITTEN_WITH.hashBytes(bytes, offset, length), Checksums.xxh3(bytes, offset, length), "length " + length);
            assertEquals(WRITTEN_WITH.hashBytes(bytes, offset, length),
                    Checksums.xxh3(MemorySegment.ofArray(bytes), offset, length), "segment of length " + length);
        }
    }

    @Test
    void aKnownPageKeepsItsKnownChecksum() {
        byte[] page = new byte[PageFormat.PAGE_SIZE_BYTES];
        for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (i * 31 + 7);
        }
        // Pinned value: if this changes, every existing file's checksums change (a format break).
        long pinned = 0x719908ca99949a01L;
        assertEquals(pinned, Checksums.xxh3(MemorySegment.ofArray(page), 8, page.length - 8));
        assertEquals(pinned, Checksums.xxh3(page, 8, page.length - 8));
    }
}
