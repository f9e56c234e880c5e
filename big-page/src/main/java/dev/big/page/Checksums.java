package dev.big.page;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import net.openhft.hashing.Access;
import net.openhft.hashing.LongHashFunction;

/**
 * 64-bit xxHash3 of page bytes, computed in place over a {@link MemorySegment} (heap or mapped)
 * without copying.
 *
 * <p>The hashing library's fast paths work on arrays: a heap page is hashed as its backing
 * {@code byte[]} or {@code long[]}; a mapped page is first bulk-copied into a per-thread
 * {@code byte[]} (a memory copy, and safe if the mapping is closed meanwhile, unlike reading raw
 * addresses; the library's direct-buffer path would also need an {@code --add-exports} from every
 * application). The generic path (an {@code Access} reading through the segment) is kept for
 * anything else and as the reference: it ran several times slower at call sites that see several
 * kinds of segment, and a format test checks every path gives the same value.
 *
 * <p>Headed pages hash bytes {@code [8, 8192)}: everything but the checksum field itself, so the
 * page number, kind and txid in the header are covered and a misdirected or torn write shows up
 * as a mismatch. Bitmap pages hash all 8,192 bytes; their checksum lives in the parent leaf cell.
 */
public final class Checksums {

    private static final LongHashFunction XX3 = LongHashFunction.xx3();
    private static final Access<MemorySegment> SEGMENT_ACCESS = new SegmentAccess();

    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final ThreadLocal<byte[]> PAGE_COPY = ThreadLocal.withInitial(() -> new byte[PageFormat.PAGE_SIZE_BYTES]);

    /** The xxHash3-64 of {@code length} bytes of {@code segment} starting at {@code offset}. */
    public static long xxh3(MemorySegment segment, long offset, long length) {
        if (length <= Integer.MAX_VALUE) {
            if (segment.isNative() && length <= PageFormat.PAGE_SIZE_BYTES) {
                byte[] copy = PAGE_COPY.get();
                MemorySegment.copy(segment, PageFormat.BYTE, offset, copy, 0, (int) length);
                return XX3.hashBytes(copy, 0, (int) length);
            }
            Object base = segment.heapBase().orElse(null);
            long start = segment.address() + offset;
            if (base instanceof byte[] bytes) {
                return XX3.hashBytes(bytes, (int) start, (int) length);
            }
            // A long[] is hashed as longs; that equals hashing its little-endian bytes only on a
            // little-endian machine.
            if (base instanceof long[] longs && LITTLE_ENDIAN && (start & 7) == 0 && (length & 7) == 0) {
                return XX3.hashLongs(longs, (int) (start >>> 3), (int) (length >>> 3));
            }
        }
        return xxh3Generic(segment, offset, length);
    }

    /** The reference implementation: the library's generic path, reading through the segment. */
    static long xxh3Generic(MemorySegment segment, long offset, long length) {
        return XX3.hash(segment, SEGMENT_ACCESS, offset, length);
    }

    /** The xxHash3-64 of a byte array, for the non-page data that carries checksums. */
    public static long xxh3(byte[] bytes, int offset, int length) {
        return XX3.hashBytes(bytes, offset, length);
    }

    private Checksums() {}

    /** Reads little-endian values straight out of a segment; the hash never sees a copy. */
    private static final class SegmentAccess extends Access<MemorySegment> {

        @Override
        public long getLong(MemorySegment input, long offset) {
            return input.get(PageFormat.LE_LONG, offset);
        }

        @Override
        public long getUnsignedInt(MemorySegment input, long offset) {
            return Integer.toUnsignedLong(input.get(PageFormat.LE_INT, offset));
        }

        @Override
        public int getInt(MemorySegment input, long offset) {
            return input.get(PageFormat.LE_INT, offset);
        }

        @Override
        public int getUnsignedShort(MemorySegment input, long offset) {
            return input.get(PageFormat.LE_CHAR, offset);
        }

        @Override
        public int getShort(MemorySegment input, long offset) {
            return input.get(PageFormat.LE_SHORT, offset);
        }

        @Override
        public int getUnsignedByte(MemorySegment input, long offset) {
            return Byte.toUnsignedInt(input.get(PageFormat.BYTE, offset));
        }

        @Override
        public int getByte(MemorySegment input, long offset) {
            return input.get(PageFormat.BYTE, offset);
        }

        @Override
        public ByteOrder byteOrder(MemorySegment input) {
            return ByteOrder.LITTLE_ENDIAN;
        }

        @Override
        protected Access<MemorySegment> reverseAccess() {
            throw new UnsupportedOperationException("page bytes are always little-endian");
        }
    }
}
