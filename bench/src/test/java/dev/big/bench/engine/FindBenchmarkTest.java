package dev.big.bench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.ContainerKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.roaringbitmap.Container;

/** {@link FindBenchmark} finds each bitmap container of the fragment, with the bits that were written. */
class FindBenchmarkTest {

    @ParameterizedTest(name = "memo={0}")
    @ValueSource(booleans = {true, false})
    void findsEveryPlaneContainerInTurn(boolean memo) {
        FindBenchmark benchmark = new FindBenchmark();
        try (OpenFragment fragment = new OpenFragment(memo)) {
            int planeContainers = FragmentShape.PLANE_ROWS * FragmentShape.COLUMNS;
            for (long key = 0; key < planeContainers; key++) {
                int cardinality = benchmark.findBitmapContainer(fragment.reader);
                Container expected = fragment.shape().container(key);
                assertTrue(cardinality > 0, "key " + key + " was found");
                assertEquals(expected.getCardinality(), cardinality, "cardinality of key " + key);
                assertEquals(key, fragment.reader.view.key());
                assertEquals(ContainerKind.BITMAP, fragment.reader.view.kind(), "key " + key + " is a bitmap page");
                assertEquals(OpenFragment.bits(expected), OpenFragment.bits(fragment.reader.view), "bits of key " + key);
            }
            assertEquals(fragment.shape().container(0).getCardinality(), benchmark.findBitmapContainer(fragment.reader),
                    "the keys wrap around to key 0");
        }
    }
}
