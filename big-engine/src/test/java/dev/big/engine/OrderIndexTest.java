package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.bsi.BsiBulkWriter;
import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.bsi.OrderIndex;
import dev.big.engine.bsi.OrderIndexCheck;
import dev.big.engine.coords.Coords;
import dev.big.page.BigException;
import dev.big.pager.MemoryPager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The order index counts what the planes hold after every kind of write: bulk writes of new
 * records, sets that add, replace or repeat a value, clears, over several commits, with negative
 * values, a base offset, values at the ends of a long, ties and values spread over many bytes.
 * Every answer is compared with a model (a map of record to value) and the index is compared, node
 * by node, with one rebuilt from the planes. The seed is printed on failure.
 */
class OrderIndexTest {

    @Test
    void countsRanksAndTotalsMatchTheValuesAfterEveryWrite() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            Random random = new Random(seed);
            for (long base : new long[] {0, -1_000, 1_700_000_000_000L}) {
                run(random, base);
            }
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, long base) {
        BsiField field = new BsiField(4, base, "value", true);
        Map<Long, Long> model = new HashMap<>();
        try (Store store = Store.create(new MemoryPager())) {
            // A bulk write of new records over two shards.
            try (WriteTxn txn = store.beginWrite()) {
                BsiBulkWriter bulk = new BsiBulkWriter(txn);
                for (long shard = 0; shard < 2; shard++) {
                    int count = 1 + random.nextInt(3_000);
                    char[] lows = new char[count];
                    long[] values = new long[count];
                    int column = random.nextInt(100);
                    for (int k = 0; k < count; k++) {
                        lows[k] = (char) column;
                        values[k] = draw(random, base);
                        model.put(Coords.recordId(shard, column), values[k]);
                        column += 1 + random.nextInt(5);
                    }
                    bulk.addColumn(field, shard, 0, lows, values, count);
                }
                bulk.flush();
                txn.commit();
            }
            assertAgrees(store, field, model, random);
            for (int round = 0; round < 4; round++) {
                // Odd rounds write values of a narrow range, which the writers tally in an array
                // rather than sort (adds and removes both).
                boolean narrow = round % 2 == 1;
                try (WriteTxn txn = store.beginWrite()) {
                    BsiWriter writer = new BsiWriter(txn, field);
                    for (int k = 0; k < 1 + random.nextInt(400); k++) {
                        long id = Coords.recordId(random.nextInt(3), random.nextInt(20_000));
                        switch (random.nextInt(4)) {
                            case 0 -> {
                                writer.clear(id);
                                model.remove(id);
                            }
                            case 1 -> {
                                Long old = model.get(id);
                                long value = old != null ? old : narrow ? base + random.nextInt(50) : draw(random, base);
                                writer.set(id, value);
                                model.put(id, value);
                            }
                            default -> {
                                long value = narrow ? base + random.nextInt(50) : draw(random, base);
                                writer.set(id, value);
                                model.put(id, value);
                            }
                        }
                    }
                    writer.flush();
                    txn.commit();
                }
                assertAgrees(store, field, model, random);
            }
        }
    }

    /** Values close together (ties), spread wide, negative, and at the ends of what the field takes. */
    private static long draw(Random random, long base) {
        return switch (random.nextInt(5)) {
            case 0 -> base + random.nextInt(10);
            case 1 -> base + random.nextLong(1L << 40) - (1L << 39);
            case 2 -> base + random.nextInt(1 << 20);
            case 3 -> base + (random.nextBoolean() ? 1 : -1) * random.nextLong(1L << 60);
            default -> random.nextBoolean() ? base + (1L << 62) : base - (1L << 62);
        };
    }

    private static void assertAgrees(Store store, BsiField field, Map<Long, Long> model, Random random) {
        long[] sorted = model.values().stream().mapToLong(Long::longValue).sorted().toArray();
        try (ReadTxn txn = store.beginRead()) {
            OrderIndex index = OrderIndex.of(txn, field);
            assertEquals(sorted.length, index.total(), "total");
            List<Long> probes = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MAX_VALUE, field.base(), 0L));
            for (int k = 0; k < 40 && sorted.length > 0; k++) {
                long v = sorted[random.nextInt(sorted.length)];
                probes.add(v);
                probes.add(v + 1);
                probes.add(v - 1);
            }
            for (long t : probes) {
                assertEquals(countAtLeast(sorted, t), index.countAtLeast(t), "count >= " + t);
            }
            for (int k = 0; k + 1 < probes.size(); k++) {
                long low = Math.min(probes.get(k), probes.get(k + 1));
                long high = Math.max(probes.get(k), probes.get(k + 1));
                assertEquals(countAtLeast(sorted, low) - (high == Long.MAX_VALUE ? 0 : countAtLeast(sorted, high + 1)),
                        index.countBetween(low, high), "count in [" + low + ", " + high + "]");
            }
            for (long rank : new long[] {0, sorted.length / 2, sorted.length - 1, sorted.length, -1}) {
                OptionalLong expected = rank >= 0 && rank < sorted.length ? OptionalLong.of(sorted[(int) rank])
                        : OptionalLong.empty();
                assertEquals(expected, index.valueAtRank(rank), "value at rank " + rank);
            }
            for (int k = 0; k < 20 && sorted.length > 0; k++) {
                int rank = random.nextInt(sorted.length);
                assertEquals(OptionalLong.of(sorted[rank]), index.valueAtRank(rank), "value at rank " + rank);
            }
            assertEquals(expectedNodes(sorted), storedNodes(index), "nodes against the values");
            OrderIndex.ValueCounts fromPlanes = OrderIndex.countsFromPlanes(txn, field);
            assertEquals(distinctValues(sorted), fromPlanes.size(), "distinct values from the planes");
            assertEquals(List.of(), OrderIndexCheck.check(txn, field, "value"), "the check finds nothing wrong");
        }
    }

    private static long countAtLeast(long[] sorted, long t) {
        int i = Arrays.binarySearch(sorted, t);
        if (i < 0) {
            return sorted.length - (-i - 1);
        }
        while (i > 0 && sorted[i - 1] == t) {
            i--;
        }
        return sorted.length - i;
    }

    private static int distinctValues(long[] sorted) {
        return (int) Arrays.stream(sorted).distinct().count();
    }

    /** Level, prefix and digit to records, computed from the values by the grammar of OrderIndex. */
    private static TreeMap<String, Long> expectedNodes(long[] values) {
        TreeMap<String, Long> nodes = new TreeMap<>();
        for (long value : values) {
            long ordered = value ^ Long.MIN_VALUE;
            for (int level = 0; level < 8; level++) {
                long prefix = level == 7 ? 0 : ordered >>> (8 * (level + 1));
                int digit = (int) (ordered >>> (8 * level)) & 0xFF;
                nodes.merge(level + "/" + Long.toUnsignedString(prefix) + "/" + digit, 1L, Long::sum);
            }
        }
        return nodes;
    }

    private static TreeMap<String, Long> storedNodes(OrderIndex index) {
        TreeMap<String, Long> nodes = new TreeMap<>();
        index.forEachNode((level, prefix, node) -> {
            assertTrue(node.size > 0, "a stored node has entries");
            for (int i = 0; i < node.size; i++) {
                assertTrue(node.counts[i] > 0, "every stored count is positive");
                assertTrue(i == 0 || node.digits[i] > node.digits[i - 1], "digits ascend");
                nodes.put(level + "/" + Long.toUnsignedString(prefix) + "/" + node.digits[i], node.counts[i]);
            }
        });
        return nodes;
    }

    @Test
    void aFieldWithoutTheIndexWritesNone() {
        BsiField field = new BsiField(4, 0, "value");
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, field);
                writer.set(1, 5);
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                assertEquals(0, OrderIndex.of(txn, field).total());
                assertTrue(!txn.hasFragment(OrderIndex.fragmentKey(field)));
            }
        }
    }

    @Test
    void rebuildMakesTheIndexFromThePlanes() {
        BsiField plain = new BsiField(4, 0, "value");
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, plain);
                for (long id = 0; id < 5_000; id++) {
                    writer.set(id * 3, id % 97 - 40);
                }
                writer.flush();
                txn.commit();
            }
            BsiField ordered = new BsiField(4, 0, "value", true);
            try (WriteTxn txn = store.beginWrite()) {
                OrderIndex.rebuild(txn, ordered);
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                OrderIndex index = OrderIndex.of(txn, ordered);
                assertEquals(5_000, index.total());
                long expected = 0;
                for (long id = 0; id < 5_000; id++) {
                    expected += id % 97 - 40 >= 10 ? 1 : 0;
                }
                assertEquals(expected, index.countAtLeast(10));
                assertEquals(OptionalLong.of(-40), index.valueAtRank(0));
            }
            try (WriteTxn txn = store.beginWrite()) { // values of a narrow range replaced and cleared: tallied
                BsiWriter writer = new BsiWriter(txn, ordered);
                for (long id = 0; id < 600; id++) {
                    if (id % 5 == 0) {
                        writer.clear(id * 3);
                    } else {
                        writer.set(id * 3, id % 13);
                    }
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                assertEquals(List.of(), OrderIndexCheck.check(txn, ordered, "field 'value'"));
                assertEquals(5_000 - 120, OrderIndex.of(txn, ordered).total());
            }
        }
    }

    @Test
    void anIndexThatCountsLessThanThePlanesHoldIsRefusedOnWrite() {
        BsiField plain = new BsiField(4, 0, "value");
        BsiField ordered = new BsiField(4, 0, "value", true);
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, plain); // the planes gain a value the index never saw
                writer.set(1, 5);
                writer.flush();
                txn.commit();
            }
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, ordered);
                writer.clear(1);
                BigException e = assertThrows(BigException.class, writer::flush);
                assertTrue(e.getMessage().contains("order index of field 'value'"), e.getMessage());
                assertTrue(e.getMessage().contains("big check"), e.getMessage());
            }
        }
    }

    @Test
    void theCheckFindsAnEntryThatDisagreesWithThePlanes() {
        BsiField plain = new BsiField(4, 0, "value");
        BsiField ordered = new BsiField(4, 0, "value", true);
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, ordered);
                for (long id = 0; id < 1_000; id++) {
                    writer.set(id, id % 300);
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                assertEquals(List.of(), OrderIndexCheck.check(txn, ordered, "field 'value'"));
            }
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, plain); // changes a value behind the index's back
                writer.set(7, 299);
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                List<String> problems = OrderIndexCheck.check(txn, ordered, "field 'value'").stream()
                        .map(p -> p.message()).toList();
                assertTrue(problems.stream().anyMatch(m -> m.contains("the entry of level 0 for value 7 counts 4 records;"
                        + " the planes hold 3")), problems.toString());
                assertTrue(problems.stream().anyMatch(m -> m.contains("the entry of level 0 for value 299 counts 3 records;"
                        + " the planes hold 4")), problems.toString());
                assertTrue(problems.getFirst().startsWith("order index of field 'value': "), problems.getFirst());
            }
            try (WriteTxn txn = store.beginWrite()) {
                dev.big.engine.tree.Tree.of(txn, OrderIndex.fragmentKey(ordered)).remove(1L << 56 | Long.MIN_VALUE >>> 16); // level 1: values 0..65535
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                List<String> problems = OrderIndexCheck.check(txn, ordered, "field 'value'").stream()
                        .map(p -> p.message()).toList();
                assertTrue(problems.stream().anyMatch(m -> m.contains("the entry of level 1 for values") && m.contains(
                        "is missing")), problems.toString());
            }
        }
    }
}
