package dev.big.engine.tree;

import static dev.big.page.PageFormat.LE_CHAR;
import static dev.big.page.PageFormat.LE_LONG;

import dev.big.engine.Cell;
import dev.big.page.BitmapPage;
import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;
import org.roaringbitmap.RunContainer;

/**
 * Where a lookup found a container, without copying it: a mutable holder that lookups fill in
 * and callers reuse, so a point read allocates nothing.
 *
 * <p>Exactly one representation is set: an inline array or run inside a (verified) leaf page, a
 * whole (verified) bitmap page, or a heap container of the current write transaction (which may be
 * a {@link LazyContainer}, made whole only when a caller needs all of it). An absent key leaves the
 * view {@linkplain #isEmpty() empty}.
 */
public final class ContainerView implements Cell {

    ContainerKind kind;
    int cardinality;
    long key;
    MemorySegment segment;
    long offset;
    int length;
    Container heap;
    /** A heap container not made whole yet; {@link #heap()} makes it. */
    LazyContainer lazy;

    public void clear() {
        kind = null;
        cardinality = 0;
        segment = null;
        heap = null;
        lazy = null;
    }

    void setInline(long key, MemorySegment leaf, int cell) {
        this.key = key;
        this.kind = LeafPage.kind(leaf, cell);
        this.cardinality = LeafPage.cardinality(leaf, cell);
        this.segment = leaf;
        this.offset = LeafPage.payloadOffset(leaf, cell);
        this.length = LeafPage.payloadLength(leaf, cell);
        this.heap = null;
        this.lazy = null;
    }

    void setInline(long key, CellValue.Inline inline) {
        this.key = key;
        this.kind = inline.kind();
        this.cardinality = inline.cardinality();
        this.segment = MemorySegment.ofArray(inline.payload());
        this.offset = 0;
        this.length = inline.payload().length;
        this.heap = null;
        this.lazy = null;
    }

    void setBitmap(long key, MemorySegment bitmapPage, int cardinality) {
        this.key = key;
        this.kind = ContainerKind.BITMAP;
        this.cardinality = cardinality;
        this.segment = bitmapPage;
        this.offset = 0;
        this.length = BitmapPage.WORDS * 8;
        this.heap = null;
        this.lazy = null;
    }

    void setHeap(long key, Container container) {
        this.key = key;
        this.heap = container;
        this.cardinality = container.getCardinality();
        this.kind = container instanceof BitmapContainer ? ContainerKind.BITMAP
                : container instanceof RunContainer ? ContainerKind.RUN : ContainerKind.ARRAY;
        this.segment = null;
        this.lazy = null;
    }

    /**
     * Shows {@code container} without making it whole; see {@link LazyContainer}. Its kind reads
     * as a bitmap's: like a heap container's, its bits are read through this view's methods, never
     * from a payload.
     */
    void setLazy(long key, LazyContainer container) {
        this.key = key;
        this.heap = null;
        this.lazy = container;
        this.cardinality = container.cardinality();
        this.kind = ContainerKind.BITMAP;
        this.segment = null;
    }

    /** The heap container, made whole if it was lazy; null if the container is in a page. */
    private Container heap() {
        if (heap == null && lazy != null) {
            heap = lazy.whole();
            lazy = null;
        }
        return heap;
    }

    @Override
    public boolean isEmpty() {
        return kind == null || cardinality == 0;
    }

    @Override
    public long key() {
        return key;
    }

    @Override
    public ContainerKind kind() {
        return kind;
    }

    @Override
    public int cardinality() {
        return isEmpty() ? 0 : cardinality;
    }

    /** Whether this is a bitmap page read in place, whose words {@link #word} returns. */
    @Override
    public boolean isBitmapPage() {
        return kind == ContainerKind.BITMAP && heap == null && lazy == null;
    }

    /** The page segment of an in-place bitmap. */
    @Override
    public MemorySegment bitmapPage() {
        return segment;
    }

    /** Word {@code i} of an in-place bitmap page. */
    @Override
    public long word(int i) {
        return segment.get(LE_LONG, (long) i << 3);
    }

    /**
     * {@code low}'s bit, 1 or 0. From an in-place bitmap page it is taken from its word with no
     * branch on its value, so a reader testing one record in many rows (a point read of bit
     * planes) lets the CPU overlap those rows' memory reads instead of guessing each bit.
     */
    public long bit(int low) {
        if (isBitmapPage()) {
            return (segment.get(LE_LONG, (long) (low >>> 6) << 3) >>> low) & 1L;
        }
        return contains(low) ? 1L : 0L;
    }

    @Override
    public boolean contains(int low) {
        if (kind == null) {
            return false;
        }
        if (lazy != null) {
            return lazy.contains(low);
        }
        if (heap != null) {
            return heap.contains((char) low);
        }
        return switch (kind) {
            case BITMAP -> (segment.get(LE_LONG, (long) (low >>> 6) << 3) & (1L << low)) != 0;
            case ARRAY -> LeafPage.arrayContains(segment, offset, cardinality, low);
            case RUN -> LeafPage.runContains(segment, offset, length / 4, low);
            case BYTES -> false;
        };
    }

    /** Number of inline array values, or runs; for callers walking payloads themselves. */
    @Override
    public int inlineCount() {
        return kind == ContainerKind.RUN ? length / 4 : cardinality;
    }

    @Override
    public char arrayValue(int j) {
        return segment.get(LE_CHAR, offset + 2L * j);
    }

    @Override
    public char runStart(int j) {
        return segment.get(LE_CHAR, offset + 4L * j);
    }

    @Override
    public char runLengthMinusOne(int j) {
        return segment.get(LE_CHAR, offset + 4L * j + 2);
    }

    /** Whether the container is held on the heap (changed in this write transaction). */
    @Override
    public Container heapContainer() {
        return heap();
    }

    /** Overwrites {@code words} (1,024 longs) with this container's bits. */
    @Override
    public void copyWordsTo(long[] words) {
        java.util.Arrays.fill(words, 0L);
        orWordsInto(words);
    }

    /** ORs this container's bits into {@code words}. */
    @Override
    public void orWordsInto(long[] words) {
        if (isEmpty()) {
            return;
        }
        Container heap = heap();
        if (heap != null) {
            if (heap instanceof BitmapContainer) {
                long[] own = new long[BitmapPage.WORDS];
                heap.copyBitmapTo(own, 0);
                for (int i = 0; i < own.length; i++) {
                    words[i] |= own[i];
                }
            } else {
                heap.copyBitmapTo(words, 0);
            }
            return;
        }
        switch (kind) {
            case BITMAP -> {
                for (int i = 0; i < BitmapPage.WORDS; i++) {
                    words[i] |= segment.get(LE_LONG, (long) i << 3);
                }
            }
            case ARRAY -> {
                for (int j = 0; j < cardinality; j++) {
                    int v = segment.get(LE_CHAR, offset + 2L * j);
                    words[v >>> 6] |= 1L << v;
                }
            }
            case RUN -> {
                int runs = length / 4;
                for (int j = 0; j < runs; j++) {
                    int start = segment.get(LE_CHAR, offset + 4L * j);
                    int end = start + segment.get(LE_CHAR, offset + 4L * j + 2) + 1;
                    setRange(words, start, end);
                }
            }
            case BYTES -> throw new IllegalStateException("bytes cell is not a container");
        }
    }

    /** Sets bits {@code [start, end)} of {@code words}. */
    public static void setRange(long[] words, int start, int end) {
        if (start >= end) {
            return;
        }
        int first = start >>> 6;
        int last = (end - 1) >>> 6;
        long firstMask = -1L << start;
        long lastMask = -1L >>> -end;
        if (first == last) {
            words[first] |= firstMask & lastMask;
            return;
        }
        words[first] |= firstMask;
        for (int i = first + 1; i < last; i++) {
            words[i] = -1L;
        }
        words[last] |= lastMask;
    }

    /** A heap copy of the container (RoaringBitmap's own), for algebra and modification. */
    @Override
    public Container toContainer() {
        if (isEmpty()) {
            return new ArrayContainer();
        }
        Container heap = heap();
        if (heap != null) {
            return heap.clone();
        }
        return switch (kind) {
            case BITMAP -> Containers.decodeBitmap(segment, cardinality);
            case ARRAY, RUN -> Containers.decodeInline(kind, cardinality, segment, offset, length);
            case BYTES -> throw new IllegalStateException("bytes cell is not a container");
        };
    }

    /** The bytes of a BYTES cell. */
    @Override
    public byte[] bytes() {
        if (kind != ContainerKind.BYTES) {
            throw new IllegalStateException("cell is a " + kind + " container, not bytes");
        }
        return segment.asSlice(offset, length).toArray(dev.big.page.PageFormat.BYTE);
    }

    /** Copies the state of {@code other} into this view. */
    public void copyFrom(ContainerView other) {
        kind = other.kind;
        cardinality = other.cardinality;
        key = other.key;
        segment = other.segment;
        offset = other.offset;
        length = other.length;
        heap = other.heap;
        lazy = other.lazy;
    }
}
