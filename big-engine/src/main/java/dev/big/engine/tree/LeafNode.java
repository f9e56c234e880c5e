package dev.big.engine.tree;

import dev.big.page.PageClass;
import dev.big.page.PageKind;
import java.util.Arrays;

/** A dirty leaf: sorted keys and their cell values. */
public final class LeafNode extends Node {

    final PageKind kind;
    CellValue[] values;

    LeafNode(PageKind kind, PageClass owner, int capacity) {
        super(owner, capacity);
        this.kind = kind;
        this.values = new CellValue[keys.length];
    }

    public CellValue value(int i) {
        return values[i];
    }

    void insert(int at, long key, CellValue value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        System.arraycopy(keys, at, keys, at + 1, size - at);
        System.arraycopy(values, at, values, at + 1, size - at);
        keys[at] = key;
        values[at] = value;
        size++;
    }

    void append(long key, CellValue value) {
        insert(size, key, value);
    }

    void removeAt(int at) {
        System.arraycopy(keys, at + 1, keys, at, size - at - 1);
        System.arraycopy(values, at + 1, values, at, size - at - 1);
        size--;
        values[size] = null;
    }

    /** Moves cells {@code [from, size)} into a new leaf and returns it. */
    LeafNode splitOff(int from) {
        LeafNode right = new LeafNode(kind, owner, size - from);
        System.arraycopy(keys, from, right.keys, 0, size - from);
        System.arraycopy(values, from, right.values, 0, size - from);
        right.size = size - from;
        Arrays.fill(values, from, size, null);
        size = from;
        return right;
    }

    /** Appends every cell of {@code right}, whose keys are all greater. */
    void absorb(LeafNode right) {
        for (int i = 0; i < right.size; i++) {
            append(right.keys[i], right.values[i]);
        }
    }
}
