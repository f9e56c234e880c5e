package dev.big.engine.bsi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;

/** The bulk writer's word slicing against the definition: bit b of a record's magnitude is its bit in plane b. */
class PlaneWordsTest {

    @Test
    void transposeSwapsRowsAndColumns() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            long[] matrix = new long[64];
            for (int i = 0; i < 64; i++) {
                matrix[i] = random.nextLong() & (round % 3 == 0 ? random.nextLong() : -1L);
            }
            long[] expected = new long[64];
            for (int i = 0; i < 64; i++) {
                for (int j = 0; j < 64; j++) {
                    if ((matrix[j] >>> i & 1) != 0) {
                        expected[i] |= 1L << j;
                    }
                }
            }
            long[] transposed = matrix.clone();
            PlaneWords.transpose(transposed);
            assertArrayEquals(expected, transposed, "round " + round);
        }
    }

    @Test
    void columnsOfEveryDensityGiveEachRowItsBits() {
        Random random = new Random(11);
        PlaneWords planes = new PlaneWords();
        for (int round = 0; round < 30; round++) {
            // Densities from one record a column to every position, so words go both ways (bit by bit, transposed).
            double density = round % 4 == 0 ? 1.0 : Math.pow(random.nextDouble(), 3);
            TreeSet<Integer> positions = new TreeSet<>();
            for (int low = 0; low < 65_536; low++) {
                if (random.nextDouble() < density) {
                    positions.add(low);
                }
            }
            if (positions.isEmpty()) {
                positions.add(random.nextInt(65_536));
            }
            int count = positions.size();
            char[] lows = new char[count];
            long[] stored = new long[count];
            int k = 0;
            for (int low : positions) {
                lows[k] = (char) low;
                int bits = 1 + random.nextInt(62);
                long magnitude = random.nextLong() >>> (64 - bits);
                stored[k++] = random.nextInt(5) == 0 ? -magnitude : magnitude;
            }
            planes.begin();
            for (int from = 0; from < count; ) {
                int to = from + 1;
                while (to < count && lows[to] >>> 6 == lows[from] >>> 6) {
                    to++;
                }
                planes.addWord(lows[from] >>> 6, lows, stored, from, to);
                from = to;
            }
            if (round % 7 == 3) {
                continue; // a column abandoned half-way (a failed write): the next must not see its bits
            }
            int depth = 0;
            for (long value : stored) {
                depth = Math.max(depth, 64 - Long.numberOfLeadingZeros(Math.abs(value)));
            }
            assertEquals(depth, planes.depth(), "round " + round);
            for (int row = 0; row < ColumnPlanes.ROWS; row++) {
                TreeSet<Integer> expected = new TreeSet<>();
                for (int i = 0; i < count; i++) {
                    long magnitude = Math.abs(stored[i]);
                    boolean set = row == 0 || (row == 1 ? stored[i] < 0
                            : row - BsiLayout.FIRST_PLANE_ROW < 64 && (magnitude >>> (row - BsiLayout.FIRST_PLANE_ROW) & 1) != 0);
                    if (set) {
                        expected.add((int) lows[i]);
                    }
                }
                assertEquals(!expected.isEmpty(), planes.has(row), "round " + round + ", row " + row);
                if (!expected.isEmpty()) {
                    Container built = planes.orInto(row, new ArrayContainer());
                    TreeSet<Integer> actual = new TreeSet<>();
                    built.forEach((char) 0, actual::add);
                    assertEquals(expected, actual, "round " + round + ", row " + row);
                    assertEquals(expected.size() <= 4096, built instanceof ArrayContainer, "container kind by cardinality");
                }
            }
        }
    }
}
