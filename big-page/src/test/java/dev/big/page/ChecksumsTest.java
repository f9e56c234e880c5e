package dev.big.page;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The checksum is part of the file format: every fast path (mapped memory, heap bytes, heap longs,
 * slices) must give exactly what the reference path gives, for every offset and length pages use.
 */
class ChecksumsTest {

    @Test
    void everyFastPathEqualsTheReference() {
        Random random = new Random(17);
        try (Arena arena = Arena.ofConfined()) {
            for (int trial = 0; trial < 200; trial++) {
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
                MemorySegment reference = MemorySegment.ofArray(bytes).asSlice(pageStart, PageFormat.PAGE_SIZE_BYTES);
                long expected = Checksums.xxh3Generic(reference, offset, length);
                assertEquals(expected, Checksums.xxh3(reference, offset, length), "heap bytes");
                assertEquals(expected, Checksums.xxh3(MemorySegment.ofArray(longs).asSlice(pageStart, PageFormat.PAGE_SIZE_BYTES),
                        offset, length), "heap longs");
                assertEquals(expected, Checksums.xxh3(direct.asSlice(pageStart, PageFormat.PAGE_SIZE_BYTES), offset, length), "native");
            }
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
        assertEquals(pinned, Checksums.xxh3Generic(MemorySegment.ofArray(page), 8, page.length - 8));
        assertEquals(pinned, Checksums.xxh3(MemorySegment.ofArray(page), 8, page.length - 8));
    }
}
