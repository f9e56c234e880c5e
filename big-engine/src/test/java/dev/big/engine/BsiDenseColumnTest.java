package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.engine.bsi.BsiBulkWriter;
import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import dev.big.pager.MemoryPager;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * Range counts over full container columns (65,536 records each) checked against a plain array:
 * the sets there stay dense for many planes before they switch to position lists, which the sparse
 * data of {@link BsiModelTest} seldom reaches. The seed is printed on
 * failure.
 */
class BsiDenseColumnTest {

    private static final int COLUMN_RECORDS = 1 << 16;
    private static final int COLUMNS = 3;

    @Test
    void denseColumnsCountLikeTheModel() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            for (int depth : new int[] {20, 7, 33}) {
                run(new Random(seed + depth), depth);
            }
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, int depth) {
        BsiField field = new BsiField(5, 0, "dense");
        long[] model = new long[COLUMNS * COLUMN_RECORDS];
        boolean negatives = depth == 7;
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiBulkWriter writer = new BsiBulkWriter(txn, field);
                char[] lows = new char[COLUMN_RECORDS];
                long[] values = new long[COLUMN_RECORDS];
                for (int c = 0; c < COLUMNS; c++) {
                    for (int k = 0; k < COLUMN_RECORDS; k++) {
                        lows[k] = (char) k;
                        long magnitude = random.nextLong() & ((1L << depth) - 1);
                        values[k] = negatives && random.nextBoolean() ? -magnitude : magnitude;
                        model[c * COLUMN_RECORDS + k] = values[k];
                    }
                    writer.addColumn(0, c, lows, values, COLUMN_RECORDS);
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, field);
                for (int i = 0; i < 40; i++) {
                    long t = model[random.nextInt(model.length)] + random.nextInt(3) - 1;
                    long u = model[random.nextInt(model.length)];
                    for (RangePredicate.Op op : RangePredicate.Op.values()) {
                        RangePredicate predicate = op == RangePredicate.Op.BETWEEN
                                ? RangePredicate.between(Math.min(t, u), Math.max(t, u))
                                : RangePredicate.of(op, t);
                        long expected = 0;
                        RoaringBitmap expectedColumns = new RoaringBitmap();
                        for (int column = 0; column < model.length; column++) {
                            if (BsiModelTest.matches(predicate, model[column])) {
                                expected++;
                                expectedColumns.add(column);
                            }
                        }
                        assertEquals(expected, reader.count(predicate), "count " + predicate + " at depth " + depth);
                        if (i % 8 == 0) {
                            assertEquals(expectedColumns, reader.matches(0, predicate, null), "bitmap " + predicate);
                        }
                    }
                }
            }
        }
    }
}
