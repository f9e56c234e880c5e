package dev.big.engine.tree;

import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import dev.big.page.PageClass;
import dev.big.page.PageFormat;
import dev.big.page.PageKind;
import java.lang.foreign.MemorySegment;

/** A dirty leaf: sorted keys and their cell values. */
final class LeafNode extends Node<CellValue> {

    final PageKind kind;

    LeafNode(PageKind kind, PageClass owner, int capacity) {
        super(owner, new CellValue[Math.max(4, capacity)]);
        this.kind = kind;
    }

    /**
     * A dirty copy of committed leaf {@code page}: inline payloads are copied, bitmap containers
     * stay on their pages until something changes them.
     */
    static LeafNode copyOf(MemorySegment page, PageKind kind, PageClass owner) {
        int count = LeafPage.count(page);
        LeafNode leaf = new LeafNode(kind, owner, count + 4);
        for (int cell = 0; cell < count; cell++) {
            long key = LeafPage.key(page, cell);
            ContainerKind containerKind = LeafPage.kind(page, cell);
            int cardinality = LeafPage.cardinality(page, cell);
            if (containerKind == ContainerKind.BITMAP) {
                leaf.append(key, new CellValue.StoredBitmap(cardinality, LeafPage.bitmapRef(page, cell)));
            } else {
                leaf.append(key, new CellValue.Inline(containerKind, cardinality,
                        LeafPage.payload(page, cell).toArray(PageFormat.BYTE)));
            }
        }
        return leaf;
    }

    @Override
    LeafNode sibling(int capacity) {
        return new LeafNode(kind, owner, capacity);
    }

    @Override
    CellValue value(int i) {
        return ((CellValue[]) values)[i];
    }

    /** Appends every cell of {@code right}, whose keys are all greater. */
    void absorb(LeafNode right) {
        for (int i = 0; i < right.size; i++) {
            append(right.keys[i], right.value(i));
        }
    }
}
