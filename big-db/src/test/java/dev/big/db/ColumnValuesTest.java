package dev.big.db;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link ColumnValues} against a plain model: random columns (every density of existing records,
 * dense and every-third layouts, up to 64 planes, signs and bases) built as rows of words, then
 * every record's value and presence compared with the numbers the rows were made from.
 */
final class ColumnValuesTest {

    @Test
    void decodedValuesAreTheModelsForEveryLayout() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom random = new SplittableRandom(seed);
        ColumnValues column = new ColumnValues();
        for (int round = 0; round < 40; round++) {
            int layout = random.nextInt(4);
            long[] exists = new long[ColumnValues.WORDS];
            long[] magnitude = new long[ColumnValues.RECORDS];
            boolean[] negative = new boolean[ColumnValues.RECORDS];
            int depth = random.nextInt(65);
            long base = random.nextInt(3) == 0 ? 0 : random.nextLong(-1_000_000, 1_000_000);
            for (int r = 0; r < ColumnValues.RECORDS; r++) {
                boolean present = switch (layout) {
                    case 0 -> true;
                    case 1 -> r % 3 == round % 3;
                    case 2 -> random.nextInt(100) < 5;
                    default -> random.nextBoolean();
                };
                if (present) {
                    exists[r >>> 6] |= 1L << r;
                    magnitude[r] = depth == 64 ? random.nextLong() & Long.MAX_VALUE : depth == 0 ? 0 : random.nextLong(1L << Math.min(depth, 62));
                    negative[r] = random.nextInt(4) == 0;
                }
            }
            long[][] planes = new long[depth][ColumnValues.WORDS];
            long[] sign = new long[ColumnValues.WORDS];
            for (int r = 0; r < ColumnValues.RECORDS; r++) {
                for (int bit = 0; bit < depth; bit++) {
                    if ((magnitude[r] >>> bit & 1) != 0) {
                        planes[bit][r >>> 6] |= 1L << r;
                    }
                }
                if (negative[r]) {
                    sign[r >>> 6] |= 1L << r;
                }
            }
            column.reset(exists);
            for (int first = 0; first < depth; first += 8) {
                int n = Math.min(8, depth - first);
                long[][] group = new long[8][];
                for (int p = 0; p < n; p++) {
                    group[p] = planes[first + p];
                }
                column.addPlanes(group, n, first);
            }
            column.finish(sign, base);
            for (int r = 0; r < ColumnValues.RECORDS; r++) {
                boolean present = (exists[r >>> 6] >>> r & 1) != 0;
                assertEquals(present, column.has(r), "seed " + seed + " round " + round + " record " + r);
                if (present) {
                    long expected = (negative[r] ? -magnitude[r] : magnitude[r]) + base;
                    assertEquals(expected, column.value(r), "seed " + seed + " round " + round + " record " + r + " depth " + depth);
                }
            }
        }
    }
}
