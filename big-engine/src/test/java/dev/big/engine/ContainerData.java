package dev.big.engine;

import dev.big.engine.tree.ContainerView;
import java.util.BitSet;
import java.util.Random;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;

/**
 * Seeded containers of every kind (RoaringBitmap's SeededTestData idea): sparse ones that stay
 * arrays, dense ones that become bitmap pages, and run-heavy ones that become run containers.
 */
final class ContainerData {

    static BitSet randomBits(Random random) {
        BitSet bits = new BitSet(65536);
        switch (random.nextInt(4)) {
            case 0 -> {
                int n = 1 + random.nextInt(40);
                for (int i = 0; i < n; i++) {
                    bits.set(random.nextInt(65536));
                }
            }
            case 1 -> {
                int n = 900 + random.nextInt(300);
                for (int i = 0; i < n; i++) {
                    bits.set(random.nextInt(65536));
                }
            }
            case 2 -> {
                int n = 5000 + random.nextInt(30000);
                for (int i = 0; i < n; i++) {
                    bits.set(random.nextInt(65536));
                }
            }
            default -> {
                int runs = 1 + random.nextInt(random.nextBoolean() ? 5 : 600);
                for (int r = 0; r < runs; r++) {
                    int start = random.nextInt(65536);
                    bits.set(start, Math.min(65536, start + 1 + random.nextInt(200)));
                }
            }
        }
        return bits;
    }

    static Container toContainer(BitSet bits) {
        Container container = new ArrayContainer();
        for (int b = bits.nextSetBit(0); b >= 0; b = bits.nextSetBit(b + 1)) {
            container = container.add((char) b);
        }
        return container;
    }

    static BitSet toBits(ContainerView view) {
        BitSet bits = new BitSet(65536);
        if (view.isEmpty()) {
            return bits;
        }
        long[] words = new long[1024];
        view.copyWordsTo(words);
        return BitSet.valueOf(words);
    }

    private ContainerData() {}
}
