package dev.big.page;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import net.openhft.hashing.Access;
import net.openhft.hashing.LongHashFunction;

/**
 * 64-bit xxHash3 of page bytes, computed in place over a {@link MemorySegment} (heap or mapped)
 * without copying.
 *
 * <p>Headed pages hash bytes {@code [8, 8192)}: everything but the checksum field itself, so the
 * page number, kind and txid in the header are covered and a misdirected or torn write shows up
 * as a mismatch. Bitmap pages hash all 8,192 bytes; their checksum lives in the parent leaf cell.
 */
public final class Checksums {

    private static final LongHashFunction XX3 = LongHashFunction.xx3();
    private static final Access<MemorySegment> SEGMENT_ACCESS = new SegmentAccess();

    /** The xxHash3-64 of {@code length} bytes of {@code segment} starting at {@code offset}. */
    public static long xxh3(MemorySegment segment, long offset, long length) {
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
