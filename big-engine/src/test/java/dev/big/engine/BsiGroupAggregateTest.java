package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.bsi.ColumnGroups;
import dev.big.engine.coords.Coords;
import dev.big.pager.MemoryPager;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * {@link BsiReader#aggregateGroups} gives every group what {@link BsiReader#aggregate} gives it
 * alone: groups from a handful of records to tens of thousands per column (the word-kernel path,
 * and the record-by-record one both reading the planes in place, for a few hundred records a
 * column, and from their copy), records without values among them, negative values, a base
 * offset, and values too wide for a column's sum to fit a long. The seed is printed on failure.
 */
class BsiGroupAggregateTest {

    @Test
    void groupsAggregateAsTheyDoOneByOne() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            for (long base : new long[] {0, -1_000, 1_700_000_000_000L}) {
                Random random = new Random(seed ^ base);
                run(random, base, true);
                run(random, base, false);
            }
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    /** {@code sparse}: one record in 200 is in a group, which leaves a few hundred records a column. */
    private void run(Random random, long base, boolean sparse) {
        BsiField field = new BsiField(4, base, "value");
        int records = 3 * 65_536 + random.nextInt(65_536);
        // Sparse: a few groups of a few hundred records a column, read in place. Dense: group 0 takes
        // half the records (word kernels), the others a few hundred a column each (read from a copy).
        int groupCount = sparse ? 1 + random.nextInt(4) : 50 + random.nextInt(350);
        int groupedOneIn = sparse ? 200 : 1;
        RoaringBitmap[] groups = new RoaringBitmap[groupCount];
        for (int g = 0; g < groupCount; g++) {
            groups[g] = new RoaringBitmap();
        }
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, field);
                long bound = 1L << (1 + random.nextInt(random.nextBoolean() ? 40 : 62));
                for (int column = 0; column < records; column++) {
                    // Skewed groups: group 0 takes about half the records, the rest share the others.
                    int group = random.nextBoolean() ? 0 : random.nextInt(groupCount);
                    if (random.nextInt(8) != 0 && random.nextInt(groupedOneIn) == 0) {
                        groups[group].add(column);
                    }
                    if (random.nextInt(10) != 0) {
                        long magnitude = random.nextLong(bound);
                        writer.set(column, base + (random.nextInt(3) == 0 ? -magnitude : magnitude));
                    }
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, field);
                ColumnGroups columnGroups = new ColumnGroups();
                BsiTotals[] together = new BsiTotals[groupCount];
                for (int g = 0; g < groupCount; g++) {
                    together[g] = new BsiTotals();
                    var pointer = groups[g].getContainerPointer();
                    while (pointer.getContainer() != null) {
                        columnGroups.add(pointer.key(), g, pointer.getContainer());
                        pointer.advance();
                    }
                }
                reader.aggregateGroups(0, columnGroups, together);
                BsiTotals[] sumsOnly = new BsiTotals[groupCount];
                for (int g = 0; g < groupCount; g++) {
                    sumsOnly[g] = BsiTotals.countAndSum();
                }
                new BsiReader(txn, field).aggregateGroups(0, columnGroups, sumsOnly);
                for (int g = 0; g < groupCount; g++) {
                    BsiTotals alone = new BsiTotals();
                    new BsiReader(txn, field).aggregate(0, groups[g], alone);
                    String what = "group " + g + " of " + groupCount + " (" + groups[g].getCardinality() + " records)";
                    assertEquals(alone.count(), together[g].count(), what + " count");
                    assertEquals(alone.sum(), together[g].sum(), what + " sum");
                    assertEquals(alone.min(), together[g].min(), what + " min");
                    assertEquals(alone.max(), together[g].max(), what + " max");
                    assertEquals(alone.count(), sumsOnly[g].count(), what + " count without extremes");
                    assertEquals(alone.sum(), sumsOnly[g].sum(), what + " sum without extremes");
                    BsiTotals aloneSumOnly = BsiTotals.countAndSum();
                    new BsiReader(txn, field).aggregate(0, groups[g], aloneSumOnly);
                    assertEquals(alone.sum(), aloneSumOnly.sum(), what + " filtered sum without extremes");
                    assertEquals(alone.count(), aloneSumOnly.count(), what + " filtered count without extremes");
                    assertThrows(IllegalStateException.class, aloneSumOnly::min, what + ": min of sum-only totals");
                }
            }
        }
        assertEquals(0, Coords.shard(records - 1));
    }
}
