package dev.big.engine.bsi;

import static dev.big.page.PageFormat.BYTE;
import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;

import dev.big.engine.coords.Coords;
import java.lang.foreign.MemorySegment;

/**
 * The zone map of one BSI fragment: count, min and max of the values it holds, for the whole
 * fragment and for each of its 16 container columns (65,536 records each), plus its bit depth.
 * Kept exact on every write and committed with the fragment's root (as the roots entry's summary),
 * so a range scan can skip a fragment or column that cannot match, or count one that matches
 * entirely from its exists row alone.
 *
 * <pre>
 * ZoneMap --&gt; Version:u8 Depth:u8 Reserved:u16 Reserved:u32 Count:u64 Min:i64 Max:i64 Column^16
 * Column  --&gt; Count:u32 Reserved:u32 Min:i64 Max:i64     (Min/Max meaningless when Count is 0)
 * </pre>
 * 416 bytes; values are the field's logical values (base already added).
 */
public final class ZoneMap {

    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;
    public static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    static final int HEADER_BYTES = 32;
    static final int COLUMN_BYTES = 24;
    public static final int SIZE_BYTES = HEADER_BYTES + COLUMNS * COLUMN_BYTES;

    private int depth;
    private final long[] counts = new long[COLUMNS];
    private final long[] mins = new long[COLUMNS];
    private final long[] maxs = new long[COLUMNS];

    public ZoneMap() {
        for (int c = 0; c < COLUMNS; c++) {
            mins[c] = Long.MAX_VALUE;
            maxs[c] = Long.MIN_VALUE;
        }
    }

    /** Decodes a summary; an empty array is an empty zone map. */
    public static ZoneMap decode(byte[] summary) {
        ZoneMap zone = new ZoneMap();
        if (summary.length == 0) {
            return zone;
        }
        MemorySegment in = MemorySegment.ofArray(summary);
        int version = Byte.toUnsignedInt(in.get(BYTE, 0));
        if (version < VERSION_START || version > VERSION_CURRENT || summary.length != SIZE_BYTES) {
            throw new dev.big.page.BigException("zone map version " + version + " (" + summary.length
                    + " bytes) is not readable by this build; see docs/versioning.md");
        }
        zone.depth = Byte.toUnsignedInt(in.get(BYTE, 1));
        for (int c = 0; c < COLUMNS; c++) {
            long at = HEADER_BYTES + (long) c * COLUMN_BYTES;
            zone.counts[c] = Integer.toUnsignedLong(in.get(LE_INT, at));
            if (zone.counts[c] > 0) {
                zone.mins[c] = in.get(LE_LONG, at + 8);
                zone.maxs[c] = in.get(LE_LONG, at + 16);
            }
        }
        return zone;
    }

    public byte[] encode() {
        byte[] bytes = new byte[SIZE_BYTES];
        MemorySegment out = MemorySegment.ofArray(bytes);
        out.set(BYTE, 0, (byte) VERSION_CURRENT);
        out.set(BYTE, 1, (byte) depth);
        out.set(LE_LONG, 8, count());
        out.set(LE_LONG, 16, min());
        out.set(LE_LONG, 24, max());
        for (int c = 0; c < COLUMNS; c++) {
            long at = HEADER_BYTES + (long) c * COLUMN_BYTES;
            out.set(LE_INT, at, (int) counts[c]);
            if (counts[c] > 0) {
                out.set(LE_LONG, at + 8, mins[c]);
                out.set(LE_LONG, at + 16, maxs[c]);
            }
        }
        return bytes;
    }

    /** Magnitude planes the fragment holds data in. */
    public int depth() {
        return depth;
    }

    void growDepth(int planes) {
        depth = Math.max(depth, planes);
    }

    public long count() {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    public long min() {
        long min = Long.MAX_VALUE;
        for (int c = 0; c < COLUMNS; c++) {
            if (counts[c] > 0) {
                min = Math.min(min, mins[c]);
            }
        }
        return min;
    }

    public long max() {
        long max = Long.MIN_VALUE;
        for (int c = 0; c < COLUMNS; c++) {
            if (counts[c] > 0) {
                max = Math.max(max, maxs[c]);
            }
        }
        return max;
    }

    public long count(int column) {
        return counts[column];
    }

    public long min(int column) {
        return mins[column];
    }

    public long max(int column) {
        return maxs[column];
    }

    public boolean isEmpty() {
        return count() == 0;
    }

    /** Sets column {@code column}'s statistics (after a recount). */
    void setColumn(int column, long count, long min, long max) {
        counts[column] = count;
        mins[column] = count > 0 ? min : Long.MAX_VALUE;
        maxs[column] = count > 0 ? max : Long.MIN_VALUE;
    }

    /** Widens a column's min and max to include {@code value} (its count unchanged). */
    void include(int column, long value) {
        mins[column] = Math.min(mins[column], value);
        maxs[column] = Math.max(maxs[column], value);
    }

    void resetDepth() {
        depth = 0;
    }

    /** Records a value added to a column where it was absent. */
    void add(int column, long value) {
        counts[column]++;
        mins[column] = Math.min(mins[column], value);
        maxs[column] = Math.max(maxs[column], value);
    }

    @Override
    public String toString() {
        return isEmpty() ? "empty" : "count " + count() + ", min " + min() + ", max " + max() + ", depth " + depth;
    }
}
