package dev.big.engine.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;

/** Whatever container kind the gathered positions become, it holds exactly them, alone or OR-ed into another. */
class RowBitsTest {

    @Test
    void gatheredPositionsBecomeTheSameBitsInEveryShape() {
        long seed = 20261201;
        Random random = new Random(seed);
        RowBits row = new RowBits();
        for (int round = 0; round < 1_000; round++) {
            BitSet bits = randomBits(random);
            row.clear(bits.cardinality());
            bits.stream().forEach(row::add);
            assertEquals(bits, toBits(row.toContainer()), "seed " + seed + ", round " + round);
            BitSet other = randomBits(random);
            Container existing = toContainer(other);
            if (random.nextBoolean()) {
                existing = existing.runOptimize();
            }
            BitSet union = (BitSet) other.clone();
            union.or(bits);
            assertEquals(union, toBits(row.orInto(existing)), "seed " + seed + ", round " + round + " OR-ed");
        }
    }

    /** Sparse, dense, or runs of every length: the shapes ingest and bulk loads gather. */
    private static BitSet randomBits(Random random) {
        BitSet bits = new BitSet(65536);
        switch (random.nextInt(4)) {
            case 0 -> random.ints(random.nextInt(50), 0, 65536).forEach(bits::set);
            case 1 -> random.ints(5_000 + random.nextInt(30_000), 0, 65536).forEach(bits::set);
            case 2 -> {
                int start = random.nextInt(65536);
                bits.set(start, Math.min(65536, start + 1 + random.nextInt(5_000)));
            }
            default -> {
                for (int r = random.nextInt(400); r > 0; r--) {
                    int start = random.nextInt(65536);
                    bits.set(start, Math.min(65536, start + 1 + random.nextInt(40)));
                }
            }
        }
        return bits;
    }

    private static Container toContainer(BitSet bits) {
        Container container = new ArrayContainer();
        for (int b = bits.nextSetBit(0); b >= 0; b = bits.nextSetBit(b + 1)) {
            container = container.add((char) b);
        }
        return container;
    }

    private static BitSet toBits(Container container) {
        BitSet bits = new BitSet(65536);
        container.forEach((char) 0, bits::set);
        return bits;
    }
}
