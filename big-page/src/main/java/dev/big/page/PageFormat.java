package dev.big.page;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Constants every page layout shares: the page size and the little-endian value layouts.
 *
 * <p>All multi-byte values in a big file are little-endian, the byte order of the Roaring
 * format specification, so a bitmap page can be read as Roaring bitmap-container words without
 * swapping. Layouts are unaligned because cell payloads pack 16-bit values; pages themselves are
 * 8 KiB aligned in the file, and the fields that are read hot (keys, page numbers, checksums) sit
 * on 8-byte boundaries so mmap reads stay aligned in practice.
 */
public final class PageFormat {

    /** The size of every page in a big file. */
    public static final int PAGE_SIZE_BYTES = 8192;

    /** {@code log2(PAGE_SIZE_BYTES)}: page number to file offset is a shift. */
    public static final int PAGE_SHIFT = 13;

    public static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfInt LE_INT =
            ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfChar LE_CHAR =
            ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    /** The file offset of page {@code pgno}. */
    public static long offsetOf(long pgno) {
        return pgno << PAGE_SHIFT;
    }

    /** Rounds {@code n} up to a multiple of 8. */
    public static int align8(int n) {
        return (n + 7) & ~7;
    }

    private PageFormat() {}
}
