package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.engine.bsi.BsiBulkWriter;
import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.coords.Coords;
import dev.big.pager.MemoryPager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * {@link BsiReader#readValues} gives exactly what a point read of each record gives, in column
 * order, for random sets of records over several container columns: records without a value are
 * skipped, negative values and a non-zero base come out right, and columns with no values, sets
 * of one record and whole columns are handled. The seed is printed on failure.
 */
class BsiReadValuesTest {

    private static final int COLUMN_RECORDS = 1 << 16;
    private static final int COLUMNS = 3;

    @Test
    void readsWhatPointReadsRead() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            for (int depth : new int[] {20, 7, 1}) {
                run(new Random(seed + depth), depth);
            }
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, int depth) {
        long base = depth == 20 ? 1_000 : 0;
        BsiField field = new BsiField(5, base, "values");
        long shard = 2;
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiBulkWriter writer = new BsiBulkWriter(txn);
                char[] lows = new char[COLUMN_RECORDS];
                long[] values = new long[COLUMN_RECORDS];
                for (int c = 0; c < COLUMNS; c++) {
                    if (c == 1) {
                        continue; // a container column with no values at all
                    }
                    int count = 0;
                    for (int k = 0; k < COLUMN_RECORDS; k++) {
                        if (random.nextInt(4) == 0) {
                            continue; // a record without a value
                        }
                        long magnitude = random.nextLong() & ((1L << depth) - 1);
                        lows[count] = (char) k;
                        values[count++] = base + (depth == 7 && random.nextBoolean() ? -magnitude : magnitude);
                    }
                    writer.addColumn(field, shard, c, lows, values, count);
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, field);
                for (int trial = 0; trial < 30; trial++) {
                    RoaringBitmap records = new RoaringBitmap();
                    int size = switch (trial) {
                        case 0 -> 1;
                        case 1 -> COLUMNS * COLUMN_RECORDS;
                        default -> random.nextInt(5_000);
                    };
                    if (size == COLUMNS * COLUMN_RECORDS) {
                        records.add(0L, (long) size);
                    } else {
                        int start = random.nextInt(COLUMNS * COLUMN_RECORDS - 5_000);
                        for (int i = 0; i < size; i++) {
                            records.add(random.nextBoolean() ? start + i : random.nextInt(COLUMNS * COLUMN_RECORDS));
                        }
                    }
                    List<Long> expected = new ArrayList<>();
                    records.forEach((int column) -> reader.get(Coords.recordId(shard, column)).ifPresent(expected::add));
                    List<Long> actual = new ArrayList<>();
                    reader.readValues(shard, records, actual::add);
                    assertEquals(expected, actual, "depth " + depth + ", " + records.getCardinality() + " records");
                }
                List<Long> none = new ArrayList<>();
                reader.readValues(shard + 1, RoaringBitmap.bitmapOf(1, 2, 3), none::add);
                assertEquals(List.of(), none, "a shard without values");
            }
        }
    }
}
