package dev.big.bench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.ToLongFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.roaringbitmap.Container;

/** Both ways of fetching 22 planes in {@link FindManyBenchmark} find all 22 containers of each column. */
class FindManyBenchmarkTest {

    private final FindManyBenchmark benchmark = new FindManyBenchmark();

    @ParameterizedTest(name = "memo={0}")
    @ValueSource(booleans = {true, false})
    void findManyFetchesAllPlanesOfEachColumn(boolean memo) {
        check(memo, benchmark::findMany22Planes);
    }

    @ParameterizedTest(name = "memo={0}")
    @ValueSource(booleans = {true, false})
    void oneByOneFetchesAllPlanesOfEachColumn(boolean memo) {
        check(memo, benchmark::find22PlanesOneByOne);
    }

    private static void check(boolean memo, ToLongFunction<FragmentReader> readPlanes) {
        try (OpenFragment fragment = new OpenFragment(memo)) {
            for (int column = 0; column < FragmentShape.COLUMNS; column++) {
                long sum = readPlanes.applyAsLong(fragment.reader);
                long expectedSum = 0;
                for (int row = 0; row < FragmentShape.PLANE_ROWS; row++) {
                    Container expected = fragment.shape().container(row, column);
                    var view = fragment.reader.planeViews[row];
                    String where = "row " + row + ", column " + column;
                    assertEquals(FragmentShape.key(row, column), view.key(), where);
                    assertEquals(expected.getCardinality(), view.cardinality(), "cardinality at " + where);
                    assertEquals(OpenFragment.bits(expected), OpenFragment.bits(view), "bits at " + where);
                    expectedSum += expected.getCardinality();
                }
                assertEquals(expectedSum, sum, "summed cardinality of column " + column);
            }
        }
    }
}
