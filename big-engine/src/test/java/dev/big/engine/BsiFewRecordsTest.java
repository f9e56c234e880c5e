package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.bsi.RangePredicate;
import dev.big.pager.MemoryPager;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * Container columns that hold only a few records (ids far apart), which {@link BsiReader} reads
 * one by one instead of with the word kernels, next to columns that hold many: aggregates (count,
 * sum, min, max), the records with a value, and range counts and matches of every operator,
 * against the values written, with and without a filter, with negative values and a base offset.
 * The seed is printed on failure.
 */
@Tag("slow")
class BsiFewRecordsTest {

    @Test
    void sparseAndDenseColumnsAnswerLikeTheValuesWritten() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            for (long base : new long[] {0, -1_000, 1_700_000_000_000L}) {
                run(new Random(seed ^ base), base);
            }
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, long base) {
        BsiField field = new BsiField(4, base, "value");
        TreeMap<Long, Long> values = new TreeMap<>();
        RoaringBitmap filter = new RoaringBitmap();
        long bound = 1L << (1 + random.nextInt(40));
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, field);
                // The 16 container columns of shard 0: from none to all 65,536 records a column,
                // most of them around the point where aggregate switches from one path to the other.
                for (int column = 0; column < 16; column++) {
                    int records = switch (random.nextInt(6)) {
                        case 0 -> 0;
                        case 1 -> 1;
                        case 2, 3 -> 1 + random.nextInt(40);
                        case 4 -> random.nextInt(3000);
                        default -> 65_536;
                    };
                    for (int i = 0; i < records; i++) {
                        long id = (long) column << 16 | (records == 65_536 ? i : random.nextInt(65_536));
                        long magnitude = random.nextLong(bound);
                        long value = base + (random.nextInt(3) == 0 ? -magnitude : magnitude);
                        writer.set(id, value);
                        values.put(id, value);
                    }
                    // The filter takes some records with a value, some without, in every column.
                    for (int i = 0, n = random.nextInt(random.nextBoolean() ? 20 : 5000); i < n; i++) {
                        filter.add((int) ((long) column << 16 | random.nextInt(65_536)));
                    }
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                for (RoaringBitmap f : new RoaringBitmap[] {null, filter}) {
                    check(txn, field, values, f);
                    checkRanges(txn, field, values, f, random);
                }
            }
        }
    }

    private static void check(ReadTxn txn, BsiField field, TreeMap<Long, Long> values, RoaringBitmap filter) {
        long count = 0;
        BigInteger sum = BigInteger.ZERO;
        OptionalLong min = OptionalLong.empty();
        OptionalLong max = OptionalLong.empty();
        for (var entry : values.entrySet()) {
            if (filter != null && !filter.contains(entry.getKey().intValue())) {
                continue;
            }
            long value = entry.getValue();
            count++;
            sum = sum.add(BigInteger.valueOf(value));
            min = OptionalLong.of(min.isPresent() ? Math.min(min.getAsLong(), value) : value);
            max = OptionalLong.of(max.isPresent() ? Math.max(max.getAsLong(), value) : value);
        }
        String what = (filter == null ? "no filter" : "a filter of " + filter.getCardinality()) + ", " + values.size() + " values";
        BsiTotals totals = new BsiTotals();
        new BsiReader(txn, field).aggregate(0, filter, totals);
        assertEquals(count, totals.count(), what + ": count");
        assertEquals(sum, totals.sum(), what + ": sum");
        assertEquals(min, totals.min(), what + ": min");
        assertEquals(max, totals.max(), what + ": max");
        BsiTotals sumOnly = BsiTotals.countAndSum();
        new BsiReader(txn, field).aggregate(0, filter, sumOnly);
        assertEquals(count, sumOnly.count(), what + ": count without extremes");
        assertEquals(sum, sumOnly.sum(), what + ": sum without extremes");
    }

    private static void checkRanges(ReadTxn txn, BsiField field, TreeMap<Long, Long> values, RoaringBitmap filter, Random random) {
        String where = filter == null ? "no filter" : "a filter of " + filter.getCardinality();
        RoaringBitmap withValues = new RoaringBitmap();
        values.keySet().forEach(id -> withValues.add(id.intValue()));
        if (filter != null) {
            withValues.and(filter);
        }
        assertEquals(withValues, new BsiReader(txn, field).existing(0, filter), where + ": records with a value");
        List<Long> written = new ArrayList<>(values.values());
        for (int i = 0; i < 30; i++) {
            long a = written.isEmpty() || random.nextInt(4) == 0 ? random.nextLong() / 2 : written.get(random.nextInt(written.size()));
            long b = written.isEmpty() ? a : written.get(random.nextInt(written.size()));
            RangePredicate.Op op = RangePredicate.Op.values()[random.nextInt(RangePredicate.Op.values().length)];
            RangePredicate predicate = op == RangePredicate.Op.BETWEEN ? RangePredicate.between(Math.min(a, b), Math.max(a, b)) : RangePredicate.of(op, a);
            RoaringBitmap expected = new RoaringBitmap();
            for (var entry : values.entrySet()) {
                int id = entry.getKey().intValue();
                if ((filter == null || filter.contains(id)) && holds(predicate, entry.getValue())) {
                    expected.add(id);
                }
            }
            String what = predicate + ", " + where;
            assertEquals(expected, new BsiReader(txn, field).matches(0, predicate, filter), what + ": matches");
            assertEquals(expected.getLongCardinality(), new BsiReader(txn, field).count(0, predicate, filter), what + ": count");
        }
    }

    private static boolean holds(RangePredicate p, long v) {
        return switch (p.op()) {
            case EQ -> v == p.a();
            case NE -> v != p.a();
            case LT -> v < p.a();
            case LE -> v <= p.a();
            case GT -> v > p.a();
            case GE -> v >= p.a();
            case BETWEEN -> p.a() <= v && v <= p.b();
        };
    }
}
