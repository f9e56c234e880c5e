package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.engine.tree.CellValue;
import dev.big.engine.tree.Containers;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;

/** Every stored form a container is encoded to decodes back to the same bits. */
class ContainersTest {

    @Test
    void everyEncodingRoundTrips() {
        long seed = 20261201;
        Random random = new Random(seed);
        for (int i = 0; i < 2_000; i++) {
            BitSet bits = ContainerData.randomBits(random);
            Container container = ContainerData.toContainer(bits);
            if (random.nextBoolean()) {
                container = container.runOptimize();
            }
            Containers.Encoded encoded = Containers.encode(container);
            Container decoded = switch (encoded) {
                case Containers.EncodedInline inline -> Containers.decodeInline(inline.value());
                case Containers.EncodedBitmap bitmap -> new BitmapContainer(bitmap.words(), bitmap.cardinality());
            };
            assertEquals(bits.cardinality(), encoded.cardinality(), "seed " + seed + ", container " + i);
            assertEquals(bits, toBits(decoded), "seed " + seed + ", container " + i);
        }
    }

    @Test
    void inlineCellsKeepTheirValues() {
        Container container = ContainerData.toContainer(BitSet.valueOf(new long[] {0b1011L, 0, 1L << 63}));
        var inline = (Containers.EncodedInline) Containers.encode(container);
        CellValue.Inline value = inline.value();
        assertEquals(4, value.cardinality());
        assertEquals(BitSet.valueOf(new long[] {0b1011L, 0, 1L << 63}), toBits(Containers.decodeInline(value)));
    }

    private static BitSet toBits(Container container) {
        BitSet bits = new BitSet(65536);
        container.forEach((char) 0, bits::set);
        return bits;
    }
}
