package dev.big.engine;

import dev.big.page.ContainerKind;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.Container;

/**
 * One container of a {@link Fragment} as a lookup or a scan found it, read in place: an inline
 * array or run inside a verified leaf page, a whole verified bitmap page, or a heap container of
 * the current write transaction. Scans reuse one cell between visits, so a caller that keeps a
 * container past its visit takes {@link #toContainer()}.
 */
public interface Cell {

    /** Whether the lookup found nothing (a scan never visits an empty cell). */
    boolean isEmpty();

    /** The container's key in its fragment. */
    long key();

    /** How the container is stored (array, run, bitmap, or the opaque bytes of a catalog entry). */
    ContainerKind kind();

    /** How many values the container holds (0 for opaque bytes). */
    int cardinality();

    /** Whether the container holds {@code low}. */
    boolean contains(int low);

    /** Whether this is a bitmap page read in place, whose words {@link #word} returns. */
    boolean isBitmapPage();

    /** The page segment of an in-place bitmap. */
    MemorySegment bitmapPage();

    /** Word {@code i} of an in-place bitmap page. */
    long word(int i);

    /** Number of inline array values, or runs; for callers walking payloads themselves. */
    int inlineCount();

    /** Inline array value {@code j}. */
    char arrayValue(int j);

    /** The first value of inline run {@code j}. */
    char runStart(int j);

    /** The length minus one of inline run {@code j}. */
    char runLengthMinusOne(int j);

    /** The heap container when the cell was changed in this write transaction, else null. */
    Container heapContainer();

    /** Overwrites {@code words} (1,024 longs) with this container's bits. */
    void copyWordsTo(long[] words);

    /** ORs this container's bits into {@code words} (1,024 longs). */
    void orWordsInto(long[] words);

    /** A heap copy of the container (RoaringBitmap's own), for algebra and modification. */
    Container toContainer();

    /** The bytes of an opaque (BYTES) cell. */
    byte[] bytes();
}
