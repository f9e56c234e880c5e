package dev.big.bench.compare;

import java.util.Arrays;

/** A growable {@code long[]}: one column of values while a load streams in, without boxing. */
final class LongColumn {

    private long[] values = new long[1024];
    private int size;

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, Math.addExact(size, size));
        }
        values[size++] = value;
    }

    long get(int index) {
        return values[index];
    }

    int size() {
        return size;
    }

    /** The values, in a new array of exactly {@link #size()}. */
    long[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
