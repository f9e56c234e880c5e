package dev.big.engine.bsi;

import static dev.big.page.PageFormat.BYTE;
import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;

import dev.big.engine.Varints;
import dev.big.engine.coords.Coords;
import dev.big.page.BigException;
import dev.big.page.MetaPage;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;

/**
 * The zone map of one BSI fragment: count, min and max of the values it holds, for the whole
 * fragment and for each of its 16 container columns (65,536 records each), plus its bit depth.
 * Kept exact on every write and committed with the fragment's root (as the roots entry's summary),
 * so a range scan can skip a fragment or column that cannot match, or count one that matches
 * entirely from its exists row alone.
 *
 * <p>Version 2 (files of format {@link MetaPage#VERSION_COMPACT_ZONE_MAPS} and later) stores only
 * the columns that hold values, in varints: a fragment with one column of values (the shards a
 * sparse load touches) takes about a dozen bytes, a full one about 150, where version 1 always takes
 * 416. Every logged change of a fragment writes its summary again, so at 64 sparse shards version 1
 * was about 44% of what the write log held. Files of earlier formats keep version 1, so the builds
 * that wrote them can still read them; a file of format 5 may hold both until a write re-encodes a
 * fragment's zone map.
 *
 * <pre>
 * ZoneMap   --&gt; Version1 | Version2
 * Version1  --&gt; Version:u8 (1) Depth:u8 Reserved:u16 Reserved:u32 Count:u64 Min:i64 Max:i64 Column1^16   (416 bytes)
 * Column1   --&gt; Count:u32 Reserved:u32 Min:i64 Max:i64     (Min/Max meaningless when Count is 0)
 * Version2  --&gt; Version:u8 (2) Depth:u8 Columns:u16 Column2^k
 * Columns   --&gt; bit c set when container column c holds a value; k = the bits set
 * Column2   --&gt; Count:varint (1 to 65,536) Min:zigzag varint Span:varint (Max - Min, unsigned 64-bit)
 * </pre>
 * Fixed-width numbers are little-endian, varints unsigned LEB128 ({@code Varints}); values are the
 * field's logical values (base already added). Count, min and max of the whole fragment are those of
 * its columns.
 */
public final class ZoneMap {

    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 2;
    /** The fixed-width layout, which files before format {@link MetaPage#VERSION_COMPACT_ZONE_MAPS} keep. */
    static final int VERSION_FIXED = 1;
    public static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    static final int HEADER_BYTES = 32;
    static final int COLUMN_BYTES = 24;
    /** The size of every version 1 zone map. */
    public static final int FIXED_SIZE_BYTES = HEADER_BYTES + COLUMNS * COLUMN_BYTES;
    private static final int COMPACT_HEADER_BYTES = 4;

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

    /** Decodes a summary of either version; an empty array is an empty zone map. */
    public static ZoneMap decode(byte[] summary) {
        ZoneMap zone = new ZoneMap();
        if (summary.length == 0) {
            return zone;
        }
        int version = Byte.toUnsignedInt(summary[0]);
        if (version == VERSION_FIXED && summary.length == FIXED_SIZE_BYTES) {
            zone.decodeFixed(MemorySegment.ofArray(summary));
        } else if (version == VERSION_CURRENT && summary.length >= COMPACT_HEADER_BYTES) {
            zone.decodeCompact(summary);
        } else {
            throw new BigException("zone map version " + version + " (" + summary.length
                    + " bytes) is not readable by this build, which reads versions " + VERSION_START + " to "
                    + VERSION_CURRENT + "; see docs/versioning.md");
        }
        return zone;
    }

    private void decodeFixed(MemorySegment in) {
        depth = Byte.toUnsignedInt(in.get(BYTE, 1));
        for (int c = 0; c < COLUMNS; c++) {
            long at = HEADER_BYTES + (long) c * COLUMN_BYTES;
            counts[c] = Integer.toUnsignedLong(in.get(LE_INT, at));
            if (counts[c] > 0) {
                mins[c] = in.get(LE_LONG, at + 8);
                maxs[c] = in.get(LE_LONG, at + 16);
            }
        }
    }

    private void decodeCompact(byte[] summary) {
        depth = Byte.toUnsignedInt(summary[1]);
        int columns = Byte.toUnsignedInt(summary[2]) | Byte.toUnsignedInt(summary[3]) << 8;
        Varints.Reader in = new Varints.Reader(summary, COMPACT_HEADER_BYTES, "a zone map");
        for (int c = 0; c < COLUMNS; c++) {
            if ((columns & (1 << c)) == 0) {
                continue;
            }
            long count = in.next();
            if (count < 1 || count > Coords.SHARD_WIDTH / COLUMNS) {
                throw new BigException("a zone map gives column " + c + " " + Long.toUnsignedString(count)
                        + " values, outside 1 to 65536: it is damaged; run `big check` on the file");
            }
            counts[c] = count;
            mins[c] = unzigzag(in.next());
            maxs[c] = mins[c] + in.next(); // the span is unsigned: the sum wraps to the right max
        }
        if (!in.atEnd()) {
            throw new BigException("a zone map has " + (summary.length - in.position())
                    + " bytes after its last column: it is damaged; run `big check` on the file");
        }
    }

    /**
     * The summary bytes of this zone map in the version a file of format {@code fileFormat} holds:
     * version 2 from {@link MetaPage#VERSION_COMPACT_ZONE_MAPS} on, version 1 before.
     */
    public byte[] encode(int fileFormat) {
        return fileFormat >= MetaPage.VERSION_COMPACT_ZONE_MAPS ? encodeCompact() : encodeFixed();
    }

    private byte[] encodeFixed() {
        byte[] bytes = new byte[FIXED_SIZE_BYTES];
        MemorySegment out = MemorySegment.ofArray(bytes);
        out.set(BYTE, 0, (byte) VERSION_FIXED);
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

    private byte[] encodeCompact() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(COMPACT_HEADER_BYTES + 8 * COLUMNS);
        int columns = 0;
        for (int c = 0; c < COLUMNS; c++) {
            columns |= counts[c] > 0 ? 1 << c : 0;
        }
        out.write(VERSION_CURRENT);
        out.write(depth);
        out.write(columns & 0xFF);
        out.write(columns >>> 8);
        for (int c = 0; c < COLUMNS; c++) {
            if (counts[c] > 0) {
                Varints.write(out, counts[c]);
                Varints.writeUnsigned(out, zigzag(mins[c]));
                Varints.writeUnsigned(out, maxs[c] - mins[c]);
            }
        }
        return out.toByteArray();
    }

    /** Maps longs near zero, of either sign, to small unsigned numbers: 0, -1, 1, -2 -> 0, 1, 2, 3. */
    private static long zigzag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    private static long unzigzag(long value) {
        return (value >>> 1) ^ -(value & 1);
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
