package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.coords.Coords;
import dev.big.pager.MemoryPager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * {@link BsiReader#smallest} gives every rank the value sorting gives it: records over two shards
 * (so shards of different plane depths), negative values and a base offset, many ties (values
 * drawn from a small range) or few, subsets from a handful of records to most of a shard. The seed
 * is printed on failure.
 */
class BsiRankTest {

    @Test
    void everyRankIsTheSortedValue() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            Random random = new Random(seed);
            for (long base : new long[] {0, -1_000, 1_700_000_000_000L}) {
                for (int round = 0; round < 2; round++) {
                    run(random, base);
                }
            }
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, long base) {
        BsiField field = new BsiField(4, base, "value");
        int[] shardRecords = {65_536 * (2 + random.nextInt(4)), 1 + random.nextInt(3 * 65_536)};
        long[] bounds = {1L << (1 + random.nextInt(40)), 1L << (1 + random.nextInt(12))};
        long[][] values = new long[2][];
        RoaringBitmap[] subsets = {new RoaringBitmap(), new RoaringBitmap()};
        double[] densities = {random.nextDouble(), random.nextDouble() * 0.01};
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, field);
                for (int shard = 0; shard < 2; shard++) {
                    values[shard] = new long[shardRecords[shard]];
                    boolean negatives = random.nextBoolean();
                    for (int column = 0; column < shardRecords[shard]; column++) {
                        long magnitude = random.nextLong(bounds[shard]);
                        long value = base + (negatives && random.nextBoolean() ? -magnitude : magnitude);
                        values[shard][column] = value;
                        writer.set(Coords.recordId(shard, column), value);
                        if (random.nextDouble() < densities[shard]) {
                            subsets[shard].add(column);
                        }
                    }
                }
                writer.flush();
                txn.commit();
            }
            List<Long> expected = new ArrayList<>();
            for (int shard = 0; shard < 2; shard++) {
                for (int column : subsets[shard].toArray()) {
                    expected.add(values[shard][column]);
                }
            }
            expected.sort(null);
            if (expected.isEmpty()) {
                return;
            }
            long[] ranks = new long[Math.min(200, expected.size())];
            for (int i = 0; i < ranks.length; i++) {
                ranks[i] = i < 2 ? (i == 0 ? 0 : expected.size() - 1) : random.nextLong(expected.size());
            }
            long[] wanted = Arrays.stream(ranks).map(r -> expected.get((int) r)).toArray();
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, field);
                long[] found = reader.smallest(new long[] {0, 1}, subsets, ranks);
                assertArrayEquals(wanted, found, expected.size() + " values, ranks " + Arrays.toString(ranks));
                assertThrows(IllegalArgumentException.class, () -> reader.smallest(new long[] {0, 1}, subsets, expected.size()));
            }
        }
    }
}
