package dev.big.page;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * A bitmap container on a page of its own: 8,192 bytes of bits and nothing else.
 *
 * <pre>
 * BitmapPage --&gt; Word^1024
 * Word       --&gt; u64 little-endian; bit b of the container is bit (b &amp; 63) of Word[b &gt;&gt;&gt; 6]
 * </pre>
 *
 * <p>That is the word layout of a Roaring bitmap container, so the page can be viewed in place
 * as one. There is no header, no magic and no page number inside: the leaf cell pointing here
 * holds the page's xxHash3-64 over all 8,192 bytes, which is how a torn, rotted or misdirected
 * bitmap page is caught. This is the one place where integrity comes from the parent alone.
 */
public final class BitmapPage {

    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    public static final int WORDS = PageFormat.PAGE_SIZE_BYTES / Long.BYTES;
    public static final int BITS = PageFormat.PAGE_SIZE_BYTES * 8;

    public static long word(MemorySegment page, int index) {
        return page.get(LE_LONG, (long) index << 3);
    }

    public static boolean contains(MemorySegment page, int bit) {
        return (word(page, bit >>> 6) & (1L << bit)) != 0;
    }

    public static long checksum(MemorySegment page) {
        return Checksums.xxh3(page, 0, PageFormat.PAGE_SIZE_BYTES);
    }

    /** Writes {@code words} (1,024 longs) into {@code page}. */
    public static void write(MemorySegment page, long[] words) {
        MemorySegment.copy(words, 0, page, LE_LONG, 0, WORDS);
    }

    /** Copies the page's words into {@code words}. */
    public static void read(MemorySegment page, long[] words) {
        // One bulk copy: read word by word, each word's bounds and alignment were checked (13% of a
        // filtered count that reads a keyed row, JFR).
        MemorySegment.copy(page, LE_LONG, 0, words, 0, WORDS);
    }

    public static int cardinality(MemorySegment page) {
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            count += Long.bitCount(word(page, i));
        }
        return count;
    }

    /** Explains why {@code page} does not have checksum {@code expected}, or returns {@code null}. */
    public static String checksumError(MemorySegment page, long expected) {
        long actual = checksum(page);
        return actual == expected ? null
                : "checksum failed: expected=" + CorruptPageException.hex(expected)
                        + " actual=" + CorruptPageException.hex(actual);
    }

    private BitmapPage() {}
}
