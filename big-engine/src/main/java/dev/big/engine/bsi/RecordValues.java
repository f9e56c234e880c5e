package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import dev.big.engine.coords.Coords;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.function.LongConsumer;
import org.roaringbitmap.Container;
import org.roaringbitmap.PeekableCharIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * The values of given records of one {@link BsiReader}'s field, from the planes of the columns
 * the reader selects and loads: one record by container lookups per plane ({@link #read}), or
 * many by gathering their bits from each plane's words ({@link #gather}).
 */
final class RecordValues {

    private static final long RECORDS_PER_COLUMN = 1L << Coords.CONTAINER_BITS;

    private final BsiReader reader;
    private final ColumnPlanes planes;

    RecordValues(BsiReader reader, ColumnPlanes planes) {
        this.reader = reader;
        this.planes = planes;
    }

    /**
     * Reads record {@code id}'s value into {@code out[0]}; returns false when it has none. All
     * planes of its container column come from one descent.
     */
    boolean read(long id, long[] out) {
        ZoneMap zone = reader.selectShard(Coords.shard(id));
        int column = Coords.column(id);
        int low = Coords.low(column);
        // No isEmpty() first: an empty zone map counts 0 in every column, and summing its 16
        // counts was a twentieth of a point read.
        if (!loadedWithValue(zone, Coords.containerColumn(column), low)) {
            return false;
        }
        int depth = zone.depth();
        // Bits are OR-ed in, not branched on: a branch on a random bit is mispredicted half the
        // time, and a miss holds back the next planes' memory reads. Measured on the standard
        // value field (20 planes, 1M records), one record through a table handle: 88 -> 79 ns.
        long magnitude = 0;
        long negative;
        MemorySegment[] bitmaps = planes.bitmapRows();
        if (bitmaps != null) {
            // The sign row and every plane a bitmap page (or empty): one word of each through its
            // segment, no kind to decide per row. Alternated in one JVM on the standard value
            // field (1M records): 80 ns a read through the views, 58 this way.
            long word = (long) (low >>> 6) << 3;
            for (int bit = 0; bit < depth; bit++) {
                magnitude |= ((bitmaps[BsiLayout.FIRST_PLANE_ROW + bit].get(LE_LONG, word) >>> low) & 1L) << bit;
            }
            negative = (bitmaps[(int) BsiLayout.SIGN_ROW].get(LE_LONG, word) >>> low) & 1L;
        } else {
            for (int bit = 0; bit < depth; bit++) {
                magnitude |= planes.planeBit(bit, low) << bit;
            }
            negative = planes.sign().bit(low);
        }
        out[0] = reader.field().base() + ((magnitude ^ -negative) + negative);
        return true;
    }

    /** Whether record {@code id} has a value: its exists bit alone, no plane read. */
    boolean has(long id) {
        int column = Coords.column(id);
        return loadedWithValue(reader.selectShard(Coords.shard(id)), Coords.containerColumn(column), Coords.low(column));
    }

    /**
     * Loads container column {@code containerColumn} when it holds values; whether record
     * {@code low} of it has one. A column whose zone map counts a value for each of its records
     * needs no look at the exists row (dense records make that row a run, searched per read).
     */
    private boolean loadedWithValue(ZoneMap zone, int containerColumn, int low) {
        long count = zone.count(containerColumn);
        return count != 0 && reader.loadColumn(containerColumn) && (count == RECORDS_PER_COLUMN || planes.exists().contains(low));
    }

    /**
     * Passes the value of every record of {@code shard} among {@code records} (shard-local
     * columns) that has one to {@code sink}, in ascending column order. Each container column's
     * planes are loaded once and every record's bits are gathered from the plane words, one word
     * read per plane and record: no descent and no container search per record and plane, as a
     * {@link #read} of each would cost. For a set of records small enough to read in full (a
     * {@code count(DISTINCT v)} over an hour of records, say).
     */
    void gather(long shard, RoaringBitmap records, LongConsumer sink) {
        ZoneMap zone = reader.selectShard(shard);
        if (zone.isEmpty() || records.isEmpty()) {
            return;
        }
        Container[] byColumn = ColumnBitmaps.byContainerColumn(records);
        int depth = zone.depth();
        long base = reader.field().base();
        int[] lows = null;
        long[] magnitudes = null;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (byColumn[c] == null || zone.count(c) == 0 || !reader.loadColumn(c)) {
                continue;
            }
            MemorySegment exists = planes.words(0);
            if (exists == null) {
                continue;
            }
            int cardinality = byColumn[c].getCardinality();
            if (lows == null || lows.length < cardinality) {
                lows = new int[cardinality];
                magnitudes = new long[cardinality];
            }
            int n = 0;
            PeekableCharIterator it = byColumn[c].getCharIterator();
            while (it.hasNext()) {
                int low = it.next();
                lows[n] = low;
                n += WordKernels.test(exists, low) ? 1 : 0;
            }
            Arrays.fill(magnitudes, 0, n, 0L);
            for (int bit = 0; bit < depth; bit++) {
                MemorySegment plane = planes.planeWords(bit);
                if (plane != null) {
                    WordKernels.gatherBits(plane, lows, n, bit, magnitudes);
                }
            }
            MemorySegment sign = planes.words(1);
            for (int i = 0; i < n; i++) {
                sink.accept(WordKernels.test(sign, lows[i]) ? base - magnitudes[i] : base + magnitudes[i]);
            }
        }
    }
}
