package dev.big.engine.bsi;

import dev.big.engine.coords.Coords;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;
import org.roaringbitmap.ContainerPointer;
import org.roaringbitmap.RoaringBitmap;

/**
 * Conversions between a shard's set of columns as a {@link RoaringBitmap} (values 0..2^20-1, so
 * container keys 0..15 are exactly the container columns) and the 1,024-word form the plane
 * kernels use.
 */
public final class ColumnBitmaps {

    /** The 16 containers of {@code columns}, indexed by container column (null where empty). */
    public static Container[] byContainerColumn(RoaringBitmap columns) {
        Container[] containers = new Container[Coords.CONTAINERS_PER_ROW];
        ContainerPointer pointer = columns.getContainerPointer();
        while (pointer.getContainer() != null) {
            int key = pointer.key();
            if (key >= containers.length) {
                throw new IllegalArgumentException("column bitmap holds a value beyond one shard (container " + key + ")");
            }
            containers[key] = pointer.getContainer();
            pointer.advance();
        }
        return containers;
    }

    /** Overwrites {@code words} with {@code container}'s bits. */
    public static void toWords(Container container, long[] words) {
        java.util.Arrays.fill(words, 0L);
        if (container != null) {
            container.copyBitmapTo(words, 0);
        }
    }

    /** A properly typed Roaring container (array up to 4,096 values, else bitmap) from words. */
    public static Container fromWords(long[] words, int cardinality) {
        if (cardinality > 4096) {
            return new BitmapContainer(words.clone(), cardinality);
        }
        char[] values = new char[Math.max(cardinality, 1)];
        int n = 0;
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            while (w != 0) {
                values[n++] = (char) ((i << 6) | Long.numberOfTrailingZeros(w));
                w &= w - 1;
            }
        }
        return new ArrayContainer(n, values);
    }

    private ColumnBitmaps() {}
}
