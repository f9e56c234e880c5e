package dev.big.engine.rows;

import dev.big.engine.tree.Tree;
import dev.big.page.BitmapPage;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;

/**
 * The bits one row gets in one container column during a bottom-up write, gathered in ascending
 * order as positions and turned into a container of the right kind once: an array when few (no
 * 8 KiB of words to clear and scan for a small batch), a bitmap when many.
 */
public final class RowBits {

    private char[] positions = new char[16];
    private int size;
    /** How many positions the current column may bring: the array grows straight to that. */
    private int expected;

    /** Adds {@code low}; positions must arrive in strictly ascending order. */
    public void add(int low) {
        if (size == positions.length) {
            positions = java.util.Arrays.copyOf(positions, Math.min(65_536, Math.max(size * 2, expected)));
        }
        positions[size++] = (char) low;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void clear() {
        size = 0;
    }

    /**
     * Empties the row for a column of up to {@code count} records: a row that outgrows its first
     * few positions then grows once, to {@code count}, instead of doubling its way there (a
     * 1,000-record ingest batch otherwise copied every plane's array six times per commit).
     */
    public void clear(int count) {
        size = 0;
        expected = count;
    }

    /** The gathered bits as a Roaring container (array up to 4,096 values, else bitmap). */
    public Container toContainer() {
        if (size <= 4096) {
            return new ArrayContainer(size, java.util.Arrays.copyOf(positions, Math.max(size, 1)));
        }
        long[] words = new long[BitmapPage.WORDS];
        for (int i = 0; i < size; i++) {
            int p = positions[i];
            words[p >>> 6] |= 1L << p;
        }
        return new BitmapContainer(words, size);
    }

    /**
     * ORs the gathered bits into the container at {@code key} of {@code tree}: one by one when the
     * tree says so ({@link Tree#addsBitsOneByOne}), else as a container built of them.
     */
    void writeTo(Tree tree, long key) {
        if (tree.addsBitsOneByOne(size)) {
            tree.addBits(key, positions, 0, size);
        } else {
            tree.update(key, this::orInto);
        }
    }

    /** ORs the gathered bits into {@code existing} (which may be empty), returning the result. */
    public Container orInto(Container existing) {
        Container built = toContainer();
        return existing.getCardinality() == 0 ? built : existing.ior(built);
    }
}
