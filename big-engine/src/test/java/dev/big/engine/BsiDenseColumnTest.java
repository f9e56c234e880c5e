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
 * data of {@link BsiModelTest} seldom reaches. Columns come in shapes that steer the scan down its
 * rarer paths: a top plane that is empty, full, a handful of records (an array row) or one run,
 * and a column filled only from its middle on (the scan passes over part of the words). The seed
 * is printed on failure.
 */
class BsiDenseColumnTest {

    private static final int COLUMN_RECORDS = 1 << 16;
    private static final int COLUMNS = 4;

    /** How the values of one column are drawn; the first column is always uniform, so it sets the depth. */
    private enum Shape { UNIFORM, TOP_EMPTY, TOP_FULL, TOP_FEW, TOP_RUN, LATE_START }

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
        boolean[] present = new boolean[model.length];
        boolean negatives = depth == 7;
        long top = 1L << (depth - 1);
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiBulkWriter writer = new BsiBulkWriter(txn);
                char[] lows = new char[COLUMN_RECORDS];
                long[] values = new long[COLUMN_RECORDS];
                for (int c = 0; c < COLUMNS; c++) {
                    Shape shape = c == 0 ? Shape.UNIFORM : Shape.values()[random.nextInt(Shape.values().length)];
                    int first = shape == Shape.LATE_START ? 512 * 64 + random.nextInt(20_000) : 0;
                    int runStart = random.nextInt(COLUMN_RECORDS - 5_000);
                    int count = 0;
                    for (int k = first; k < COLUMN_RECORDS; k++) {
                        long magnitude = random.nextLong() & ((1L << depth) - 1);
                        magnitude = switch (shape) {
                            case UNIFORM, LATE_START -> magnitude;
                            case TOP_EMPTY -> magnitude & ~top;
                            case TOP_FULL -> magnitude | top;
                            case TOP_FEW -> random.nextInt(COLUMN_RECORDS / 12) == 0 ? magnitude | top : magnitude & ~top;
                            case TOP_RUN -> k >= runStart && k < runStart + 5_000 ? magnitude | top : magnitude & ~top;
                        };
                        long value = negatives && random.nextBoolean() ? -magnitude : magnitude;
                        lows[count] = (char) k;
                        values[count++] = value;
                        model[c * COLUMN_RECORDS + k] = value;
                        present[c * COLUMN_RECORDS + k] = true;
                    }
                    writer.addColumn(field, 0, c, lows, values, count);
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, field);
                for (int i = 0; i < 40; i++) {
                    long t = random.nextInt(4) == 0 ? top + random.nextInt(3) - 1 : model[random.nextInt(model.length)] + random.nextInt(3) - 1;
                    long u = model[random.nextInt(model.length)];
                    for (RangePredicate.Op op : RangePredicate.Op.values()) {
                        RangePredicate predicate = op == RangePredicate.Op.BETWEEN
                                ? RangePredicate.between(Math.min(t, u), Math.max(t, u))
                                : RangePredicate.of(op, t);
                        long expected = 0;
                        RoaringBitmap expectedColumns = new RoaringBitmap();
                        for (int column = 0; column < model.length; column++) {
                            if (present[column] && BsiModelTest.matches(predicate, model[column])) {
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

    /**
     * Multiples of 4 from 0 to 252 in full columns, so planes 0 and 1 hold no record: a count of a
     * one-sided range reads such planes as zeros (an empty row has no words), whether it counts the
     * bits at least a bound's or at most them. Counted among every other id too, which makes the
     * candidates a filled word set rather than the whole column.
     */
    @Test
    void emptyPlanesCountAsZerosInOneSidedRanges() {
        BsiField field = new BsiField(5, 0, "size");
        Random random = new Random(7);
        long[] model = new long[2 * COLUMN_RECORDS];
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiBulkWriter writer = new BsiBulkWriter(txn);
                char[] lows = new char[COLUMN_RECORDS];
                long[] values = new long[COLUMN_RECORDS];
                for (int c = 0; c < 2; c++) {
                    for (int k = 0; k < COLUMN_RECORDS; k++) {
                        lows[k] = (char) k;
                        values[k] = k < 2 ? 252 * k : 4L * random.nextInt(64); // each column holds 0 and 252
                        model[c * COLUMN_RECORDS + k] = values[k];
                    }
                    writer.addColumn(field, 0, c, lows, values, COLUMN_RECORDS);
                }
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, field);
                RoaringBitmap even = new RoaringBitmap();
                for (int id = 0; id < model.length; id += 2) {
                    even.add(id);
                }
                for (long t = 1; t <= 253; t++) {
                    for (RangePredicate.Op op : new RangePredicate.Op[] {RangePredicate.Op.GE, RangePredicate.Op.LE}) {
                        RangePredicate predicate = RangePredicate.of(op, t);
                        long expected = 0;
                        for (int id = 0; id < model.length; id += 2) {
                            if (BsiModelTest.matches(predicate, model[id])) {
                                expected++;
                            }
                        }
                        assertEquals(expected, reader.count(0, predicate, even), "count " + predicate + " among even ids");
                    }
                }
            }
        }
    }
}
