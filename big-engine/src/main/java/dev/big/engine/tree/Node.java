package dev.big.engine.tree;

import dev.big.page.KeySearch;
import dev.big.page.PageClass;
import java.util.Arrays;

/**
 * A dirty tree node: a page being rewritten by the current write transaction, held in memory
 * until commit. A node's children are either committed pages ({@link dev.big.page.PageRef}) or
 * other dirty nodes, so a transaction copies exactly the root-to-leaf paths it changes.
 *
 * <p>A node is sorted keys, each with a value of type {@code V} (a leaf's {@link CellValue}s, a
 * branch's children); the two kinds share how those arrays are searched, grown and split. The
 * values' array is made by each kind with its own element type (a leaf's is a
 * {@code CellValue[]}), so reading a leaf cell checks the array's class, one comparison, rather
 * than each value against the sealed {@link CellValue} interface: with an {@code Object[]} of
 * values a write transaction's updates ran measurably slower.
 * Nodes may exceed a page while in memory; commit ({@link TreeWriteOut}) splits them into as
 * many pages as they need.
 */
abstract sealed class Node<V> permits LeafNode, BranchNode {

    final PageClass owner;
    long[] keys;
    /** The values of {@link #keys}, each a {@code V}, in an array of the kind's own making (see above). */
    Object[] values;
    int size;

    /** A node whose values live in {@code values} (empty; its length is the node's capacity). */
    Node(PageClass owner, Object[] values) {
        this.owner = owner;
        this.keys = new long[values.length];
        this.values = values;
    }

    /** An empty node of the same kind, for the right half of a split. */
    abstract Node<V> sibling(int capacity);

    abstract V value(int i);

    final void set(int i, V value) {
        values[i] = value;
    }

    /** Index of {@code key} among {@code [from, size)}, or {@code -(insertionPoint) - 1}, in unsigned key order. */
    final int search(long key, int from) {
        return KeySearch.search(keys, key, from, size - 1);
    }

    final int search(long key) {
        return search(key, 0);
    }

    final void insert(int at, long key, V value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2); // keeps the array's element type
        }
        System.arraycopy(keys, at, keys, at + 1, size - at);
        System.arraycopy(values, at, values, at + 1, size - at);
        keys[at] = key;
        values[at] = value;
        size++;
    }

    final void append(long key, V value) {
        insert(size, key, value);
    }

    final void removeAt(int at) {
        System.arraycopy(keys, at + 1, keys, at, size - at - 1);
        System.arraycopy(values, at + 1, values, at, size - at - 1);
        size--;
        values[size] = null;
    }

    /** Keeps only the first {@code count} entries. */
    final void truncate(int count) {
        Arrays.fill(values, count, size, null);
        size = count;
    }

    /** Moves entries {@code [from, size)} into a new node of the same kind and returns it. */
    final Node<V> splitOff(int from) {
        Node<V> right = sibling(size - from);
        System.arraycopy(keys, from, right.keys, 0, size - from);
        System.arraycopy(values, from, right.values, 0, size - from);
        right.size = size - from;
        truncate(from);
        return right;
    }
}
