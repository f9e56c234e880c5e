package dev.big.bench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.ContainerKind;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ForEachBenchmark} visits the whole fragment and adds up every container's cardinality. */
class ForEachBenchmarkTest {

    @ParameterizedTest(name = "memo={0}")
    @ValueSource(booleans = {true, false})
    void sumsTheCardinalityOfTheWholeFragment(boolean memo) {
        ForEachBenchmark benchmark = new ForEachBenchmark();
        try (OpenFragment fragment = new OpenFragment(memo)) {
            long total = fragment.shape().totalCardinality();
            assertTrue(total > FragmentShape.PLANE_ROWS * FragmentShape.COLUMNS * 30_000L, "planes are half full");
            assertEquals(total, benchmark.sumCardinalities(fragment.reader));
            assertEquals(FragmentShape.CONTAINERS, fragment.reader.cardinalitySum.containers());
            assertEquals(total, benchmark.sumCardinalities(fragment.reader), "a second scan agrees");
        }
    }

    /** The fragment holds every container encoding, in the rows the shape says. */
    @Test
    void theFragmentHoldsBitmapArrayAndRunContainers() {
        try (OpenFragment fragment = new OpenFragment(true)) {
            Map<ContainerKind, Integer> kinds = new EnumMap<>(ContainerKind.class);
            fragment.reader.tree.forEach(0, -1L, view -> {
                int row = (int) (view.key() / FragmentShape.COLUMNS);
                ContainerKind expected = row < FragmentShape.PLANE_ROWS ? ContainerKind.BITMAP
                        : row < FragmentShape.PLANE_ROWS + FragmentShape.ARRAY_ROWS ? ContainerKind.ARRAY
                        : ContainerKind.RUN;
                assertEquals(expected, view.kind(), "kind of key " + view.key());
                kinds.merge(view.kind(), 1, Integer::sum);
                return true;
            });
            assertEquals(Map.of(ContainerKind.BITMAP, FragmentShape.PLANE_ROWS * FragmentShape.COLUMNS,
                    ContainerKind.ARRAY, FragmentShape.ARRAY_ROWS * FragmentShape.COLUMNS,
                    ContainerKind.RUN, FragmentShape.RUN_ROWS * FragmentShape.COLUMNS), kinds);
        }
    }
}
