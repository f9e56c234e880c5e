package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import dev.big.page.BigException;
import dev.big.pager.MemoryPager;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * Random values (every sign and magnitude up to the bounds, dense and sparse ids over many shards)
 * set, changed and cleared through {@link BsiWriter}; every point read, range count and bitmap,
 * sum, min, max and zone map checked against a plain map. The seed is printed on failure.
 */
class BsiModelTest {

    @Test
    void everyOperationMatchesTheModel() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            for (long base : new long[] {0, 1_700_000_000_000L, -7}) {
                run(new Random(seed ^ base), base);
            }
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, long base) {
        BsiField field = new BsiField(3, base, "value");
        TreeMap<Long, Long> model = new TreeMap<>();
        try (Store store = Store.create(new MemoryPager())) {
            int magnitudeClass = 0;
            for (int round = 0; round < 8; round++) {
                magnitudeClass = random.nextInt(5);
                try (WriteTxn txn = store.beginWrite()) {
                    BsiWriter writer = new BsiWriter(txn, field);
                    int ops = 1 + random.nextInt(300);
                    for (int op = 0; op < ops; op++) {
                        int kind = random.nextInt(10);
                        if (kind < 5) {
                            long id = randomId(random, model);
                            long value = randomValue(random, base, magnitudeClass);
                            writer.set(id, value);
                            model.put(id, value);
                        } else if (kind < 7 && !model.isEmpty()) {
                            long id = existingId(random, model);
                            writer.clear(id);
                            model.remove(id);
                        } else if (kind < 9) {
                            int n = 1 + random.nextInt(200);
                            TreeSet<Long> ids = new TreeSet<>();
                            for (int i = 0; i < n; i++) {
                                ids.add(randomId(random, model));
                            }
                            long[] idArray = ids.stream().mapToLong(Long::longValue).toArray();
                            long[] values = new long[idArray.length];
                            for (int i = 0; i < values.length; i++) {
                                values[i] = randomValue(random, base, magnitudeClass);
                                model.put(idArray[i], values[i]);
                            }
                            writer.setMany(idArray, values, idArray.length);
                        } else {
                            long id = randomId(random, model);
                            assertEquals(optional(model.get(id)), writer.get(id), "writer sees its own value");
                        }
                    }
                    writer.flush();
                    txn.commit();
                }
                verify(store, field, model, random);
            }
            assertTrue(store.check().ok(), store.check().describe());
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, field);
                for (long id : new ArrayList<>(model.keySet())) {
                    writer.clear(id);
                }
                model.clear();
                writer.flush();
                txn.commit();
            }
            verify(store, field, model, random);
            try (ReadTxn txn = store.beginRead()) {
                assertEquals(List.of(), new BsiReader(txn, field).shards(), "clearing everything removes the fragments");
            }
            assertTrue(store.check().ok(), store.check().describe());
        }
    }

    private static OptionalLong optional(Long value) {
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    private static long randomId(Random random, TreeMap<Long, Long> model) {
        if (!model.isEmpty() && random.nextInt(4) == 0) {
            return existingId(random, model);
        }
        return switch (random.nextInt(10)) {
            case 0, 5, 6 -> random.nextInt(2000);
            case 7, 8 -> random.nextInt(1 << 20);
            case 1 -> random.nextInt(1 << 20);
            case 2 -> (long) random.nextInt(6) * Coords.SHARD_WIDTH + random.nextInt(70_000);
            // The largest ids a record can have: 2^63 - 1 is none (Coords.MAX_RECORD_ID).
            case 3 -> Coords.MAX_RECORD_ID - random.nextInt(100_000);
            default -> Math.min(random.nextLong() >>> 1, Coords.MAX_RECORD_ID);
        };
    }

    private static long existingId(Random random, TreeMap<Long, Long> model) {
        Long id = model.ceilingKey(random.nextLong() >>> 1);
        return id != null ? id : model.firstKey();
    }

    private static long randomValue(Random random, long base, int magnitudeClass) {
        long min = base >= 0 ? base - Long.MAX_VALUE : Long.MIN_VALUE;
        long max = base <= 0 ? base + Long.MAX_VALUE : Long.MAX_VALUE;
        long value = switch (magnitudeClass) {
            case 0 -> base + random.nextInt(5) - 2;
            case 1 -> base + random.nextInt(1 << 20);
            case 2 -> base - random.nextInt(1 << 20) + random.nextInt(1 << 10);
            case 3 -> random.nextBoolean() ? min + random.nextInt(3) : max - random.nextInt(3);
            default -> random.nextLong();
        };
        return Math.max(min, Math.min(max, value));
    }

    private static void verify(Store store, BsiField field, TreeMap<Long, Long> model, Random random) {
        try (ReadTxn txn = store.beginRead()) {
            BsiReader reader = new BsiReader(txn, field);
            for (var e : model.entrySet()) {
                assertEquals(OptionalLong.of(e.getValue()), reader.get(e.getKey()), "point read of " + e.getKey());
            }
            for (int i = 0; i < 50; i++) {
                long id = random.nextLong() >>> 1;
                assertEquals(optional(model.get(id)), reader.get(id), "point read of " + id);
            }
            Map<Long, TreeMap<Long, Long>> byShard = new HashMap<>();
            for (var e : model.entrySet()) {
                byShard.computeIfAbsent(Coords.shard(e.getKey()), s -> new TreeMap<>()).put(e.getKey(), e.getValue());
            }
            assertEquals(new TreeSet<>(byShard.keySet()), new TreeSet<>(reader.shards()), "shards with values");
            for (var shard : byShard.entrySet()) {
                ZoneMap zone = reader.zone(shard.getKey());
                var values = shard.getValue().values();
                assertEquals(values.size(), zone.count(), "zone count of shard " + shard.getKey());
                assertEquals(values.stream().mapToLong(Long::longValue).min().getAsLong(), zone.min(), "zone min");
                assertEquals(values.stream().mapToLong(Long::longValue).max().getAsLong(), zone.max(), "zone max");
            }
            List<Long> thresholds = thresholds(model, field.base(), random);
            int decidedByZones = 0;
            for (long t : thresholds) {
                for (RangePredicate.Op op : RangePredicate.Op.values()) {
                    RangePredicate predicate = op == RangePredicate.Op.BETWEEN
                            ? RangePredicate.between(t, thresholds.get(random.nextInt(thresholds.size())))
                            : RangePredicate.of(op, t);
                    long expected = model.values().stream().filter(v -> matches(predicate, v)).count();
                    assertEquals(expected, reader.count(predicate), "count " + predicate);
                    for (var shard : sample(byShard, random)) {
                        RoaringBitmap expectedColumns = new RoaringBitmap();
                        RoaringBitmap filter = new RoaringBitmap();
                        for (var e : shard.getValue().entrySet()) {
                            int column = Coords.column(e.getKey());
                            if (random.nextInt(3) > 0) {
                                filter.add(column);
                            }
                            if (matches(predicate, e.getValue())) {
                                expectedColumns.add(column);
                            }
                        }
                        filter.add(random.nextInt(1 << 20));
                        long expectedFiltered = RoaringBitmap.andCardinality(expectedColumns, filter);
                        assertEquals(expectedColumns, reader.matches(shard.getKey(), predicate, null), "bitmap " + predicate);
                        long fromZones = reader.countFromZones(shard.getKey(), predicate);
                        if (fromZones >= 0) {
                            decidedByZones++;
                            assertEquals(expectedColumns.getLongCardinality(), fromZones, "count from zones " + predicate);
                        }
                        assertEquals(expectedFiltered, reader.count(shard.getKey(), predicate, filter), "filtered " + predicate);
                        RoaringBitmap filtered = reader.matches(shard.getKey(), predicate, filter);
                        assertEquals(RoaringBitmap.and(expectedColumns, filter), filtered, "filtered bitmap " + predicate);
                    }
                }
            }
            assertTrue(model.isEmpty() || decidedByZones > 0, "some counts decided by zone maps alone");
            BsiTotals all = reader.aggregateAll();
            assertEquals(model.size(), all.count());
            assertEquals(model.values().stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add), all.sum(), "sum");
            assertEquals(model.isEmpty() ? OptionalLong.empty() : OptionalLong.of(model.values().stream().mapToLong(Long::longValue).min().getAsLong()), all.min());
            assertEquals(model.isEmpty() ? OptionalLong.empty() : OptionalLong.of(model.values().stream().mapToLong(Long::longValue).max().getAsLong()), all.max());
            for (var shard : sample(byShard, random)) {
                RoaringBitmap filter = new RoaringBitmap();
                List<Long> kept = new ArrayList<>();
                for (var e : shard.getValue().entrySet()) {
                    if (random.nextBoolean()) {
                        filter.add(Coords.column(e.getKey()));
                        kept.add(e.getValue());
                    }
                }
                BsiTotals some = new BsiTotals();
                reader.aggregate(shard.getKey(), filter, some);
                assertEquals(kept.size(), some.count());
                assertEquals(kept.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add), some.sum());
                if (!kept.isEmpty()) {
                    assertEquals(kept.stream().mapToLong(Long::longValue).min().getAsLong(), some.min().getAsLong(), "filtered min");
                    assertEquals(kept.stream().mapToLong(Long::longValue).max().getAsLong(), some.max().getAsLong(), "filtered max");
                }
            }
        }
    }

    /** A few shards, always including the most populated one, so wide id spreads stay cheap to check. */
    private static List<Map.Entry<Long, TreeMap<Long, Long>>> sample(Map<Long, TreeMap<Long, Long>> byShard, Random random) {
        List<Map.Entry<Long, TreeMap<Long, Long>>> all = new ArrayList<>(byShard.entrySet());
        all.sort((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()));
        List<Map.Entry<Long, TreeMap<Long, Long>>> some = new ArrayList<>(all.subList(0, Math.min(2, all.size())));
        for (int i = 0; i < 2 && all.size() > 2; i++) {
            some.add(all.get(2 + random.nextInt(all.size() - 2)));
        }
        return some;
    }

    private static List<Long> thresholds(TreeMap<Long, Long> model, long base, Random random) {
        TreeSet<Long> set = new TreeSet<>(List.of(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, base, base + 1, base - 1,
                base + (1L << 20), base - (1L << 20)));
        if (!model.isEmpty()) {
            long min = model.values().stream().mapToLong(Long::longValue).min().getAsLong();
            long max = model.values().stream().mapToLong(Long::longValue).max().getAsLong();
            set.addAll(List.of(min, max, min - 1, max + 1, min + 1, max - 1));
            List<Long> values = new ArrayList<>(model.values());
            for (int i = 0; i < 4; i++) {
                set.add(values.get(random.nextInt(values.size())));
            }
        }
        List<Long> list = new ArrayList<>(set);
        java.util.Collections.shuffle(list, random);
        return list.subList(0, Math.min(9, list.size()));
    }

    /** The model's answer: whether value {@code v} satisfies {@code predicate} (shared with BsiDenseColumnTest). */
    static boolean matches(RangePredicate predicate, long v) {
        long a = predicate.a();
        return switch (predicate.op()) {
            case EQ -> v == a;
            case NE -> v != a;
            case LT -> v < a;
            case LE -> v <= a;
            case GT -> v > a;
            case GE -> v >= a;
            case BETWEEN -> v >= a && v <= predicate.b();
        };
    }

    @Test
    void valuesOutsideTheBoundsAreRejectedWithTheBounds() {
        try (Store store = Store.create(new MemoryPager()); WriteTxn txn = store.beginWrite()) {
            BsiWriter zeroBase = new BsiWriter(txn, new BsiField(1, 0, "n"));
            var error = assertThrows(BigException.class, () -> zeroBase.set(1, Long.MIN_VALUE));
            assertTrue(error.getMessage().contains("field 'n'") && error.getMessage().contains(Long.toString(Long.MIN_VALUE + 1)),
                    error.getMessage());
            zeroBase.set(1, Long.MIN_VALUE + 1);
            zeroBase.set(2, Long.MAX_VALUE);
            BsiWriter positiveBase = new BsiWriter(txn, new BsiField(2, 100, "t"));
            assertThrows(BigException.class, () -> positiveBase.set(1, Long.MIN_VALUE + 50));
            positiveBase.set(1, Long.MAX_VALUE);
            assertThrows(BigException.class, () -> zeroBase.set(-5, 1));
        }
    }
}
