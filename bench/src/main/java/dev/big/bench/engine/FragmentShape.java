package dev.big.bench.engine;

import java.util.SplittableRandom;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;

/**
 * The contents of the benchmark fragment, a function of a seed: what a bit-sliced 20-bit field
 * of one full shard looks like, plus sparse rows of other containers.
 *
 * <pre>
 * row r, column c   container key r * 16 + c   (a row spans 2^20 bits = 16 containers of 2^16)
 * rows  0..21       bitmap containers, every bit set with probability 1/2
 *                   (the exists row, the sign row and 20 magnitude planes of a 20-bit field)
 * rows 22..29       array containers of 100..399 random values
 * rows 30..31       run containers of 1..8 runs
 * </pre>
 *
 * <p>Keys {@code r * 16 + c} for {@code r = 0..21} are the 22 containers a point read of a record
 * in column {@code c} fetches. Every container kind is present, so a scan walks all three
 * encodings. The benchmark's file is written from this shape and its tests compare what the tree
 * returns with it.
 */
public final class FragmentShape {

    /** Containers per row: 2^20 columns of a shard / 2^16 bits per container. */
    public static final int COLUMNS = 16;
    /** Exists, sign and 20 magnitude planes. */
    public static final int PLANE_ROWS = 22;
    public static final int ARRAY_ROWS = 8;
    public static final int RUN_ROWS = 2;
    public static final int ROWS = PLANE_ROWS + ARRAY_ROWS + RUN_ROWS;
    public static final int CONTAINERS = ROWS * COLUMNS;

    private final long seed;

    public FragmentShape(long seed) {
        this.seed = seed;
    }

    /** The container key of row {@code row}, column {@code column}. */
    public static long key(int row, int column) {
        return (long) row * COLUMNS + column;
    }

    /** The keys of the 22 planes of column {@code column}, ascending. */
    public static long[] planeKeys(int column) {
        long[] keys = new long[PLANE_ROWS];
        for (int r = 0; r < PLANE_ROWS; r++) {
            keys[r] = key(r, column);
        }
        return keys;
    }

    /** A fresh copy of the container at row {@code row}, column {@code column}. */
    public Container container(int row, int column) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + key(row, column));
        if (row < PLANE_ROWS) {
            long[] words = new long[1024];
            int cardinality = 0;
            for (int i = 0; i < words.length; i++) {
                words[i] = random.nextLong();
                cardinality += Long.bitCount(words[i]);
            }
            return new BitmapContainer(words, cardinality);
        }
        Container container = new ArrayContainer();
        if (row < PLANE_ROWS + ARRAY_ROWS) {
            int values = 100 + random.nextInt(300);
            for (int i = 0; i < values; i++) {
                container = container.add((char) random.nextInt(1 << 16));
            }
            return container;
        }
        int runs = 1 + random.nextInt(8);
        for (int i = 0; i < runs; i++) {
            int start = random.nextInt(1 << 16);
            container = container.add(start, Math.min(1 << 16, start + 1 + random.nextInt(2000)));
        }
        return container.runOptimize();
    }

    /** The container at {@code key} ({@code row * 16 + column}). */
    public Container container(long key) {
        return container((int) (key / COLUMNS), (int) (key % COLUMNS));
    }

    /** The number of set bits in the whole fragment. */
    public long totalCardinality() {
        long total = 0;
        for (int r = 0; r < ROWS; r++) {
            for (int c = 0; c < COLUMNS; c++) {
                total += container(r, c).getCardinality();
            }
        }
        return total;
    }
}
