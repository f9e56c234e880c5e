package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;
import org.roaringbitmap.Container;
import org.roaringbitmap.RoaringBitmap;

/**
 * Compares two bit-sliced fields of the same records ({@code a < b}, {@code a = b}, ...) plane by
 * plane, as a range scan compares one field with a constant: per container column, 64 records a
 * word, the magnitudes are compared from the most significant plane down (records still equal
 * so far, records where a's magnitude is already smaller, already larger), and the sign rows then
 * decide: two positive values order as their magnitudes, two negative ones the other way round,
 * and a negative value is below a positive one (a stored negative value has a magnitude of at
 * least 1). Only records with both values match, as SQL's comparison with NULL is never true.
 *
 * <p>Both fields must share their base (the offset their magnitudes count from); the caller
 * compares fields of different bases some other way.
 */
final class ColumnComparison {

    private static final int WORDS = WordKernels.WORDS;

    private ColumnComparison() {}

    static RoaringBitmap compare(BsiReader a, BsiReader b, long shard, RangePredicate.Op op, RoaringBitmap filter) {
        if (a.field().base() != b.field().base()) {
            throw new IllegalArgumentException("fields of different bases (" + a.field().base() + ", " + b.field().base()
                    + ") cannot be compared plane by plane");
        }
        RoaringBitmap result = new RoaringBitmap();
        Container[] filters = filter == null ? null : ColumnBitmaps.byContainerColumn(filter);
        long[] filterWords = filters == null ? null : new long[WORDS];
        long[] out = new long[WORDS];
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (filters != null && filters[c] == null) {
                continue;
            }
            ColumnPlanes left = a.columnPlanes(shard, c);
            if (left == null) {
                continue;
            }
            // Both readers' column rows are read while both are loaded: each reader has its own buffers.
            ColumnPlanes right = b.columnPlanes(shard, c);
            if (right == null) {
                continue;
            }
            if (filters != null) {
                ColumnBitmaps.toWords(filters[c], filterWords);
            }
            int cardinality = compareColumn(left, right, op, filterWords, out);
            if (cardinality > 0) {
                result.append((char) c, ColumnBitmaps.fromWords(out, cardinality));
            }
        }
        return result;
    }

    private static long word(MemorySegment row, int i) {
        return row == null ? 0L : row.get(LE_LONG, (long) i << 3);
    }

    private static int compareColumn(ColumnPlanes left, ColumnPlanes right, RangePredicate.Op op, long[] filter, long[] out) {
        int depth = Math.max(left.depth(), right.depth());
        MemorySegment[] leftPlanes = new MemorySegment[depth];
        MemorySegment[] rightPlanes = new MemorySegment[depth];
        for (int bit = 0; bit < depth; bit++) {
            leftPlanes[bit] = bit < left.depth() ? left.words(BsiLayout.FIRST_PLANE_ROW + bit) : null;
            rightPlanes[bit] = bit < right.depth() ? right.words(BsiLayout.FIRST_PLANE_ROW + bit) : null;
        }
        MemorySegment leftExists = left.words(0);
        MemorySegment rightExists = right.words(0);
        MemorySegment leftSign = left.words(1);
        MemorySegment rightSign = right.words(1);
        int cardinality = 0;
        for (int i = 0; i < WORDS; i++) {
            long both = word(leftExists, i) & word(rightExists, i);
            if (filter != null) {
                both &= filter[i];
            }
            if (both == 0) {
                out[i] = 0;
                continue;
            }
            long equal = both;
            long smaller = 0;
            long larger = 0;
            for (int bit = depth - 1; bit >= 0 && equal != 0; bit--) {
                long x = word(leftPlanes[bit], i);
                long y = word(rightPlanes[bit], i);
                smaller |= equal & ~x & y;
                larger |= equal & x & ~y;
                equal &= ~(x ^ y);
            }
            long leftNegative = word(leftSign, i);
            long rightNegative = word(rightSign, i);
            long bothPositive = ~leftNegative & ~rightNegative;
            long bothNegative = leftNegative & rightNegative;
            long less = both & ((bothPositive & smaller) | (bothNegative & larger) | (leftNegative & ~rightNegative));
            long same = both & equal & ~(leftNegative ^ rightNegative);
            long w = switch (op) {
                case LT -> less;
                case LE -> less | same;
                case EQ -> same;
                case NE -> both & ~same;
                case GE -> both & ~less;
                case GT -> both & ~less & ~same;
                case BETWEEN -> throw new IllegalArgumentException("BETWEEN compares with constants, not another field");
            };
            out[i] = w;
            cardinality += Long.bitCount(w);
        }
        return cardinality;
    }
}
